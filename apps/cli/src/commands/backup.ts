import { InvalidArgumentError, type Command } from 'commander';
import {
  BackupError,
  DEFAULT_KEEP,
  listBackups,
  newestKnownMigration,
  pruneBackups,
  restoreBackup,
  restoreTargetOf,
} from '@huntforge/backup';
import { backupEnvironment } from './backup/backup-environment';
import { backupTable } from './backup/backup-table';
import { createBackupCommand } from './backup/create-command';
import { startProgress } from '../progress';

function keepCount(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return parsed;
}

function print(json: boolean | undefined, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : text);
}

/** A refusal prints its stable code (scripts match on it) and exits 1; anything else goes to main's handler. */
async function reportingRefusals(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    process.stderr.write(`huntforge: ${error.code}: ${error.message}\n`);
    process.exitCode = 1;
  }
}

/** `huntforge backup create|list|restore|prune` (the schedule commands are added to the same group elsewhere). */
export function registerBackupCommands(program: Command): Command {
  const backup = program
    .command('backup')
    .description('back up and restore the database, the encryption key and model artifacts (BACKUP_DIR, default DATA_DIR/backups)');

  backup
    .command('create')
    .description(
      'take a backup now; while `huntforge start` holds the embedded database, the running service takes it (HUNTFORGE_URL, HUNTFORGE_TOKEN)',
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      reportingRefusals(async () => {
        const created = await createBackupCommand(backupEnvironment());
        const by = created.taken_by === 'service' ? ' (taken by the running service)' : '';
        print(
          options.json,
          created,
          `created ${created.id}: ${created.database_kind}, schema ${created.schema_migration ?? 'none'}, ${created.file_count} files${by}\n`,
        );
      }),
    );

  backup
    .command('list')
    .description('list backups, newest first')
    .option('--verify', 'also check every checksum (reads every byte)')
    .option('--json', 'print JSON')
    .action((options: { verify?: boolean; json?: boolean }) =>
      reportingRefusals(async () => {
        const { folders } = backupEnvironment();
        const backups = await listBackups(folders.backupDir, { verify: options.verify });
        const json = backups.map((entry) => ({
          id: entry.id,
          created_at: entry.createdAt?.toISOString() ?? null,
          database_kind: entry.manifest?.database.kind ?? null,
          schema_migration: entry.manifest?.schema_migration ?? null,
          size_bytes: entry.sizeBytes,
          file_count: entry.manifest?.files.length ?? 0,
          valid: entry.valid,
          verified: options.verify === true,
          problems: entry.problems,
        }));
        print(options.json, { backup_dir: folders.backupDir, backups: json }, backupTable(backups, options.verify === true));
      }),
    );

  backup
    .command('restore')
    .description('restore a backup after checking its schema and every checksum; the embedded database needs the service stopped')
    .argument('<id>', 'the backup id (see backup list)')
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      reportingRefusals(async () => {
        const { config, folders } = backupEnvironment();
        const progress = startProgress({ label: 'restoring', noun: 'files' });
        const manifest = await restoreBackup({
          backupDir: folders.backupDir,
          id,
          target: restoreTargetOf(config.databaseUrl, folders.pgliteDir),
          stateFolders: folders.stateFolders,
          newestKnownMigration: await newestKnownMigration(),
          onProgress: (done, total) => {
            progress.setTotal(total);
            progress.update(done);
          },
        }).finally(() => progress.finish());
        const restored = {
          id: manifest.id,
          database_kind: manifest.database.kind,
          schema_migration: manifest.schema_migration,
          file_count: manifest.files.length,
        };
        print(
          options.json,
          restored,
          `restored ${manifest.id} (${manifest.files.length} files); start the service: it applies any newer migrations\n`,
        );
      }),
    );

  backup
    .command('prune')
    .description(`delete all but the newest N backups (default ${DEFAULT_KEEP}); the newest intact backup is always kept`)
    .option('--keep <n>', 'how many backups to keep', keepCount, DEFAULT_KEEP)
    .option('--dry-run', 'only say what would be deleted')
    .option('--json', 'print JSON')
    .action((options: { keep: number; dryRun?: boolean; json?: boolean }) =>
      reportingRefusals(async () => {
        const { folders } = backupEnvironment();
        const plan = await pruneBackups(folders.backupDir, { keep: options.keep, dryRun: options.dryRun });
        const verb = options.dryRun ? 'would delete' : 'deleted';
        const text =
          plan.remove.length === 0
            ? `nothing to prune (${plan.keep.length} kept)\n`
            : `${verb} ${plan.remove.join(', ')}; kept ${plan.keep.length}\n`;
        print(options.json, { ...plan, dry_run: options.dryRun === true }, text);
      }),
    );
  return backup;
}
