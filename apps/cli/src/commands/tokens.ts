import { type Command, InvalidArgumentError } from 'commander';
import { ROLES, type Role } from '@huntforge/contracts';
import { cliActor, createApiTokenAsCli, listApiTokens, revokeApiTokenAsCli } from '@huntforge/service-gateway';
import { withDatabase } from './database';

function parseRole(value: string): Role {
  if (!(ROLES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`role must be one of ${ROLES.join(', ')}`);
  }
  return value as Role;
}

export function registerTokenCommands(program: Command): void {
  const tokens = program.command('tokens').description('manage API tokens (stored hashed; shown once at creation)');

  tokens
    .command('create')
    .description('create a token and print it once')
    .requiredOption('--name <name>', 'a unique name for the token (who or what uses it)')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, parseRole)
    .action(async (options: { name: string; role: Role }) => {
      const { token, record } = await withDatabase((db) => createApiTokenAsCli(db.repos, options, cliActor()));
      process.stdout.write(`${token}\n`);
      process.stderr.write(`created token #${record.id} "${record.name}" (${record.role}); it is not shown again\n`);
    });

  tokens
    .command('list')
    .description('list tokens (never their secret)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const records = await withDatabase((db) => listApiTokens(db.repos.apiTokens));
      if (options.json) {
        process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        return;
      }
      for (const r of records) {
        const state = r.revokedAt ? `revoked ${r.revokedAt.toISOString()}` : 'active';
        const used = r.lastUsedAt ? r.lastUsedAt.toISOString() : 'never';
        process.stdout.write(`#${r.id}\t${r.name}\t${r.role}\t${r.prefix}…\t${state}\tlast used ${used}\n`);
      }
      if (records.length === 0) process.stdout.write('no tokens\n');
    });

  tokens
    .command('revoke')
    .description('revoke a token by id or name')
    .argument('<id-or-name>')
    .action(async (idOrName: string) => {
      // revokeApiToken reads an all-digit argument as an id, anything else as a name.
      const revoked = await withDatabase((db) => revokeApiTokenAsCli(db.repos, idOrName, cliActor()));
      if (!revoked) {
        process.stderr.write(`huntforge: no active token "${idOrName}"\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(`revoked ${idOrName}\n`);
    });
}
