import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDb, migrateDb, type Db } from '@huntforge/data';
import { seedMigratedDataDir } from '@huntforge/test-kit';
import { embeddedDatabaseSource } from './database/database-source';
import { postgresTools } from './database/postgres-tools';
import { embeddedRestoreTarget, postgresRestoreTarget } from './database/restore-target';
import { createBackup } from './create-backup';
import { BackupError } from './errors';
import { installationFolders, type InstallationFolders } from './installation';
import { listBackups } from './list-backups';
import { MANIFEST_FILE, type Manifest } from './manifest/manifest';
import { pruneBackups } from './prune-backups';
import { restoreBackup } from './restore-backup';
import { latestAppliedMigration, newestKnownMigration } from './schema/schema-migration';

const EVENT = 'backup.round_trip';

/** A gzipped ustar archive of `entries` (a name ending in / is a directory), as `tar -cz` writes one. */
function tarGz(entries: Array<{ name: string; body?: string }>): Buffer {
  const blocks: Buffer[] = [];
  for (const { name, body = '' } of entries) {
    const data = Buffer.from(body);
    const header = Buffer.alloc(512);
    const field = (offset: number, length: number, value: string) => header.write(value.slice(0, length), offset, 'ascii');
    const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
    field(0, 100, name);
    field(100, 8, octal(name.endsWith('/') ? 0o755 : 0o644, 8));
    field(108, 8, octal(0, 8));
    field(116, 8, octal(0, 8));
    field(124, 12, octal(data.length, 12));
    field(136, 12, octal(Math.floor(Date.now() / 1000), 12));
    field(148, 8, '        ');
    field(156, 1, name.endsWith('/') ? '5' : '0');
    field(257, 6, 'ustar');
    field(263, 2, '00');
    const checksum = header.reduce((sum, byte) => sum + byte, 0);
    field(148, 8, `${octal(checksum, 7)}\0 `);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

async function refusalOf(work: Promise<unknown>): Promise<BackupError> {
  const outcome = await work.then(
    () => null,
    (error: unknown) => error,
  );
  if (outcome instanceof BackupError) return outcome;
  throw new Error(`expected a BackupError, got ${String(outcome)}`);
}

describe('backup round trip on the embedded database', () => {
  let root: string;
  let dataDir: string;
  let folders: InstallationFolders;
  let newest: string | null;
  const model = randomBytes(4096);
  const oldModel = randomBytes(2048);
  const key = `${randomBytes(32).toString('hex')}\n`;
  const modelPath = () => join(dataDir, 'content-filter', 'live', 'model.onnx');
  const versionPath = () => join(dataDir, 'content-filter', 'versions', 'v1', 'model.onnx');
  const keyPath = () => join(dataDir, 'settings-encryption.key');
  const restoreProgress: Array<[number, number]> = [];
  const restoreWith = (id: string, target = embeddedRestoreTarget(folders.pgliteDir)) =>
    restoreBackup({
      backupDir: folders.backupDir,
      id,
      target,
      stateFolders: folders.stateFolders,
      newestKnownMigration: newest,
      onProgress: (done, total) => restoreProgress.push([done, total]),
    });
  const events = async (db: Db) => (await db.repos.audit.list({ type: EVENT, limit: 10 })).map((event) => event.payload);
  const backupProgress: Array<[number, number]> = [];
  const takeBackup = (db: Db) =>
    createBackup({
      backupDir: folders.backupDir,
      database: embeddedDatabaseSource(db),
      stateFolders: folders.stateFolders,
      onProgress: (done, total) => backupProgress.push([done, total]),
    });

  let first: Manifest;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'huntforge-backup-'));
    dataDir = join(root, 'data');
    seedMigratedDataDir(dataDir);
    folders = installationFolders(dataDir, { BACKUP_DIR: join(root, 'backups') });
    newest = await newestKnownMigration();
    mkdirSync(join(dataDir, 'content-filter', 'live'), { recursive: true });
    mkdirSync(join(dataDir, 'content-filter', 'versions', 'v1'), { recursive: true });
    writeFileSync(modelPath(), model);
    writeFileSync(versionPath(), oldModel);
    writeFileSync(keyPath(), key, { mode: 0o600 });
    writeFileSync(join(dataDir, 'half-written.onnx.tmp'), 'skip me');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('backs up the live database while it is held open, with the key and the model artifacts', async () => {
    const db = await createDb({ dataDir });
    try {
      await migrateDb(db);
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 1 } });
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 2 } });
      first = await takeBackup(db);
      // Written after the backup: a restore must take the database back to before it.
      await db.repos.audit.record({ type: EVENT, actor: 'test', payload: { n: 3 } });

      expect(first.schema_migration).toBe(newest);
      expect(first.database).toEqual({ kind: 'pglite', dump_format: 'pglite-datadir-tgz' });
      expect(first.files.map((file) => file.path).sort()).toEqual([
        'data/content-filter/live/model.onnx',
        'data/content-filter/versions/v1/model.onnx',
        'data/settings-encryption.key',
        'database/pglite-datadir.tar.gz',
      ]);
      expect(first.files.find((file) => file.path === 'data/settings-encryption.key')).toMatchObject({ size: key.length, mode: 0o600 });
      // Progress for the CLI's bar: the dump, then each state file, counting up to every file of the manifest.
      expect(backupProgress).toEqual([
        [1, 4],
        [2, 4],
        [3, 4],
        [4, 4],
      ]);
      expect(statSync(join(folders.backupDir, first.id)).mode & 0o777).toBe(0o700);
      expect(statSync(join(folders.backupDir, first.id, 'data', 'settings-encryption.key')).mode & 0o777).toBe(0o600);

      // The service holds the database: restoring now is refused before anything changes.
      const held = await refusalOf(restoreWith(first.id));
      expect(held.code).toBe('database_in_use');
      expect(await events(db)).toHaveLength(3);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('restores after the data directory is wiped: same rows, same model bytes, same key, a healthy database', async () => {
    rmSync(dataDir, { recursive: true, force: true });
    restoreProgress.length = 0;
    const restored = await restoreWith(first.id);
    expect(restored.id).toBe(first.id);
    expect(restoreProgress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);

    expect(readFileSync(modelPath()).equals(model)).toBe(true);
    expect(readFileSync(versionPath()).equals(oldModel)).toBe(true);
    expect(readFileSync(keyPath(), 'utf8')).toBe(key);
    expect(statSync(keyPath()).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'half-written.onnx.tmp'))).toBe(false);

    const db = await createDb({ dataDir });
    try {
      await db.ping();
      expect((await migrateDb(db)).applied).toEqual([]);
      expect(await events(db)).toEqual([{ n: 2 }, { n: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a damaged backup before touching anything', async () => {
    const db = await createDb({ dataDir });
    let damaged: Manifest;
    try {
      damaged = await takeBackup(db);
    } finally {
      await db.close();
    }
    const modelCopy = join(folders.backupDir, damaged.id, 'data', 'content-filter', 'live', 'model.onnx');
    const bytes = readFileSync(modelCopy);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    writeFileSync(modelCopy, bytes);
    writeFileSync(modelPath(), 'the model since');

    const refusal = await refusalOf(restoreWith(damaged.id));
    expect(refusal.code).toBe('backup_checksum_mismatch');
    expect(refusal.message).toContain('data/content-filter/live/model.onnx: checksum_mismatch');
    expect(readFileSync(modelPath(), 'utf8')).toBe('the model since');

    rmSync(join(folders.backupDir, damaged.id, 'database', 'pglite-datadir.tar.gz'));
    expect((await refusalOf(restoreWith(damaged.id))).message).toContain('database/pglite-datadir.tar.gz: missing');

    const listed = await listBackups(folders.backupDir, { verify: true });
    expect(listed.map((backup) => [backup.id, backup.valid])).toEqual([
      [damaged.id, false],
      [first.id, true],
    ]);
  }, 120_000);

  it('refuses a tampered database archive whose checksum matches with a clear error, and leaves nothing behind', async () => {
    const db = await createDb({ dataDir });
    let tampered: Manifest;
    try {
      tampered = await takeBackup(db);
    } finally {
      await db.close();
    }
    const backupRoot = join(folders.backupDir, tampered.id);
    const dumpPath = join(backupRoot, 'database', 'pglite-datadir.tar.gz');
    const original = readFileSync(dumpPath);
    const manifestPath = join(backupRoot, MANIFEST_FILE);
    const manifestText = readFileSync(manifestPath, 'utf8');
    // The tamperer rewrites the manifest too, so every checksum matches and only the archive itself can tell.
    const plant = (bytes: Buffer) => {
      writeFileSync(dumpPath, bytes);
      const manifest = JSON.parse(manifestText) as Manifest;
      const entry = manifest.files.find((file) => file.role === 'database');
      if (!entry) throw new Error('no database file in the manifest');
      Object.assign(entry, { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      writeFileSync(manifestPath, JSON.stringify(manifest));
    };
    const siblings = () =>
      readdirSync(dataDir)
        .filter((name) => name.startsWith('pglite'))
        .sort();
    const before = siblings();

    const corrupt = Buffer.from(original);
    for (let i = 64; i < 4096 && i < corrupt.length; i++) corrupt[i] = (corrupt[i] ?? 0) ^ 0x5a;
    plant(corrupt);
    const badStream = await refusalOf(restoreWith(tampered.id));
    expect(badStream.code).toBe('backup_archive_invalid');
    expect(badStream.message).toMatch(/not a valid gzip stream.*nothing was restored/);
    expect(siblings()).toEqual(before);

    // A sound gzip stream around something that is not a data directory.
    const notes = [{ name: 'base/' }, { name: 'base/notes.txt', body: 'not a database' }];
    plant(tarGz(notes));
    const notData = await refusalOf(restoreWith(tampered.id));
    expect(notData.code).toBe('backup_archive_invalid');
    expect(notData.message).toContain('no PG_VERSION');

    // A well-formed archive that only fails inside PGlite's start-up.
    plant(tarGz([{ name: 'PG_VERSION', body: '17\n' }, { name: 'postgresql.conf', body: 'this is = not ( a setting\n' }, ...notes]));
    const broken = await refusalOf(restoreWith(tampered.id));
    expect(broken.code).toBe('backup_restore_failed');
    expect(broken.message).toContain('nothing was restored');
    expect(siblings()).toEqual(before);

    writeFileSync(manifestPath, manifestText);
    writeFileSync(dumpPath, original);
    const reopened = await createDb({ dataDir });
    try {
      expect((await events(reopened)).length).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
    rmSync(backupRoot, { recursive: true, force: true });
  }, 180_000);

  it('refuses a backup taken at a newer schema, one of another database kind, and an unknown id', async () => {
    const manifestPath = join(folders.backupDir, first.id, MANIFEST_FILE);
    const original = readFileSync(manifestPath, 'utf8');
    try {
      writeFileSync(manifestPath, JSON.stringify({ ...JSON.parse(original), schema_migration: '99991231235959_from_the_future' }));
      const newer = await refusalOf(restoreWith(first.id));
      expect(newer.code).toBe('backup_schema_newer');
      expect(newer.message).toContain('99991231235959_from_the_future');
    } finally {
      writeFileSync(manifestPath, original);
    }

    // Nothing listens on port 1: the kind is checked before the target is ever contacted.
    const otherKind = await refusalOf(restoreWith(first.id, postgresRestoreTarget(postgresTools('postgresql://nobody@127.0.0.1:1/none'))));
    expect(otherKind.code).toBe('backup_database_mismatch');

    expect((await refusalOf(restoreWith('huntforge-20200101T000000000Z-000000'))).code).toBe('backup_not_found');
    expect((await refusalOf(restoreWith('../etc'))).code).toBe('backup_not_found');
  });

  it('records no schema migration for a database never migrated, and lists nothing where no backup was taken', async () => {
    const fresh = await createDb({ inMemory: true });
    try {
      expect(await latestAppliedMigration(fresh)).toBeNull();
    } finally {
      await fresh.close();
    }
    expect(await listBackups(join(root, 'never-created'))).toEqual([]);
    expect(await pruneBackups(join(root, 'never-created'))).toEqual({ keep: [], remove: [] });
  }, 60_000);

  it('prunes to the newest N but keeps the newest intact backup when the newer ones are damaged', async () => {
    const before = await listBackups(folders.backupDir, { verify: true });
    expect(before.map((backup) => backup.valid)).toEqual([false, true]);
    const plan = await pruneBackups(folders.backupDir, { keep: 1 });
    expect(plan).toEqual({ keep: [before[0]?.id, first.id], remove: [] });

    const db = await createDb({ dataDir });
    let newer: Manifest;
    try {
      newer = await takeBackup(db);
    } finally {
      await db.close();
    }
    const after = await pruneBackups(folders.backupDir, { keep: 1 });
    expect(after).toEqual({ keep: [newer.id], remove: [before[0]?.id, first.id] });
    expect((await listBackups(folders.backupDir)).map((backup) => backup.id)).toEqual([newer.id]);
    expect(existsSync(join(folders.backupDir, first.id))).toBe(false);
  }, 120_000);
});
