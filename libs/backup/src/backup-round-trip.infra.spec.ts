import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateDb, type Db } from '@huntforge/data';
import { createScratchDatabase, describeWithInfra, infraUrl, type ScratchDatabase } from '@huntforge/test-kit';
import { postgresDatabaseSource } from './database/database-source';
import { postgresTools } from './database/postgres-tools';
import { postgresRestoreTarget } from './database/restore-target';
import { createBackup } from './create-backup';
import { BackupError } from './errors';
import { installationFolders, type InstallationFolders } from './installation';
import type { Manifest } from './manifest/manifest';
import { restoreBackup } from './restore-backup';
import { newestKnownMigration } from './schema/schema-migration';

const EVENT = 'backup.round_trip';

describeWithInfra('postgres')('backup round trip on PostgreSQL (pg_dump / pg_restore)', () => {
  let scratch: ScratchDatabase;
  let root: string;
  let dataDir: string;
  let folders: InstallationFolders;
  let manifest: Manifest;
  const model = randomBytes(4096);
  const modelPath = () => join(dataDir, 'content-filter', 'live', 'model.onnx');
  const events = async (db: Db) => (await db.repos.audit.list({ type: EVENT, limit: 10 })).map((event) => event.payload);

  beforeAll(async () => {
    scratch = await createScratchDatabase(infraUrl('postgres') as string);
    root = mkdtempSync(join(tmpdir(), 'huntforge-backup-pg-'));
    dataDir = join(root, 'data');
    folders = installationFolders(dataDir, { BACKUP_DIR: join(root, 'backups') });
    mkdirSync(join(dataDir, 'content-filter', 'live'), { recursive: true });
    writeFileSync(modelPath(), model);
  }, 60_000);
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('dumps with pg_dump in custom format, recording the server version and the schema migration', async () => {
    const db = await createDb({ databaseUrl: scratch.url });
    try {
      await migrateDb(db);
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 1 } });
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 2 } });
      manifest = await createBackup({
        backupDir: folders.backupDir,
        database: postgresDatabaseSource(db, postgresTools(scratch.url)),
        stateFolders: folders.stateFolders,
      });
    } finally {
      await db.close();
    }
    expect(manifest.schema_migration).toBe(await newestKnownMigration());
    expect(manifest.database).toMatchObject({
      kind: 'postgres',
      dump_format: 'pg-dump-custom',
      server_version: expect.stringMatching(/^15\./),
    });
    const dump = readFileSync(join(folders.backupDir, manifest.id, 'database', 'postgres.dump'));
    // pg_dump's custom format starts with "PGDMP".
    expect(dump.subarray(0, 5).toString('latin1')).toBe('PGDMP');
  }, 120_000);

  it('restores after the database and the data directory are wiped: same rows, same model, healthy', async () => {
    const wipe = await createDb({ databaseUrl: scratch.url });
    try {
      await wipe.prisma.$executeRawUnsafe('DROP SCHEMA public CASCADE');
      await wipe.prisma.$executeRawUnsafe('CREATE SCHEMA public');
    } finally {
      await wipe.close();
    }
    rmSync(dataDir, { recursive: true, force: true });

    await restoreBackup({
      backupDir: folders.backupDir,
      id: manifest.id,
      target: postgresRestoreTarget(postgresTools(scratch.url)),
      stateFolders: folders.stateFolders,
      newestKnownMigration: await newestKnownMigration(),
    });

    expect(readFileSync(modelPath()).equals(model)).toBe(true);
    const db = await createDb({ databaseUrl: scratch.url });
    try {
      await db.ping();
      expect((await migrateDb(db)).applied).toEqual([]);
      expect(await events(db)).toEqual([{ n: 2 }, { n: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('restores over a live database with newer rows, in one transaction', async () => {
    const db = await createDb({ databaseUrl: scratch.url });
    try {
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 3 } });
      await restoreBackup({
        backupDir: folders.backupDir,
        id: manifest.id,
        target: postgresRestoreTarget(postgresTools(scratch.url)),
        stateFolders: folders.stateFolders,
        newestKnownMigration: await newestKnownMigration(),
      });
      expect(await events(db)).toEqual([{ n: 2 }, { n: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('names missing client programs and a failed pg_dump with stable codes, never showing the password', async () => {
    const missing = await postgresTools(scratch.url, { binDir: join(root, 'no-such-bin') })
      .check()
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(BackupError);
    expect(missing).toMatchObject({ code: 'pg_client_missing' });

    // A password in the URL (ignored by this server's trust authentication) never shows in the error.
    const url = new URL(scratch.url);
    url.password = 'never-printed-secret';
    const failed = await postgresTools(url.toString())
      .dump(join(root, 'no-such-folder', 'never.dump'))
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(BackupError);
    expect(failed).toMatchObject({ code: 'pg_dump_failed', message: expect.stringContaining('no-such-folder') });
    expect(String((failed as Error).message)).not.toContain('never-printed-secret');
  }, 60_000);
});
