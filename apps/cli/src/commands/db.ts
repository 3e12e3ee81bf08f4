import type { Command } from 'commander';
import { migrateDb } from '@huntforge/data';
import { withDatabase } from './database';

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply pending migrations (all-in-one start does this too)')
    .action(async () => {
      const { kind, applied } = await withDatabase(async (database) => ({ kind: database.kind, ...(await migrateDb(database)) }), {
        migrate: false,
      });
      const what = applied.length > 0 ? `applied ${applied.join(', ')}` : 'nothing to apply';
      process.stdout.write(`database (${kind}): ${what}\n`);
    });
}
