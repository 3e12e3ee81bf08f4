import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, runCli, terminate, waitForStatus } from '../../test-support/processes';

interface Created {
  id: string;
  taken_by: 'cli' | 'service';
  database_kind: string;
}

// `huntforge backup` as an operator runs it on the all-in-one: while `huntforge start` holds the embedded
// database the running service takes the backup, restore refuses until it stops, then brings back the rows.
describe('huntforge backup (embedded database)', () => {
  let dataDir: string;
  let backupDir: string;
  let env: Record<string, string>;
  let service: ChildProcess | null = null;
  const model = 'model bytes v1';
  const modelPath = () => join(dataDir, 'content-filter', 'live', 'model.onnx');
  const cli = (...args: string[]) => runCli(args, env);
  const json = <T>(result: ReturnType<typeof cli>): T => {
    if (result.status !== 0) throw new Error(`huntforge exited ${result.status}: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  };
  const tokenNames = () => json<Array<{ name: string }>>(cli('tokens', 'list', '--json')).map((token) => token.name);

  async function startService(): Promise<void> {
    service = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps', 'cli', 'src', 'main.ts'), 'start'], {
      cwd: repoRoot,
      env: { ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await waitForStatus(`http://127.0.0.1:${env['PORT']}/health`, 200, 120_000);
  }

  async function stopService(): Promise<void> {
    if (service) await terminate(service);
    service = null;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-backup-cli-'));
    backupDir = mkdtempSync(join(tmpdir(), 'huntforge-backups-'));
    env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, PORT: String(await freePort()), SCHEDULER_ENABLED: 'false' };
    mkdirSync(join(dataDir, 'content-filter', 'live'), { recursive: true });
    writeFileSync(modelPath(), model);
  });
  afterAll(async () => {
    await stopService();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  let offline: Created;
  let online: Created;

  it('takes a backup itself while nothing holds the embedded database', () => {
    expect(cli('tokens', 'create', '--name', 'before-backup', '--role', 'viewer').status).toBe(0);
    offline = json<Created>(cli('backup', 'create', '--json'));
    expect(offline).toMatchObject({ taken_by: 'cli', database_kind: 'pglite' });
    expect(cli('tokens', 'create', '--name', 'after-backup', '--role', 'viewer').status).toBe(0);
  }, 120_000);

  it('asks the running service to take it while `huntforge start` holds the database, and refuses to restore then', async () => {
    await startService();
    online = json<Created>(cli('backup', 'create', '--json'));
    expect(online).toMatchObject({ taken_by: 'service', database_kind: 'pglite' });

    const refused = cli('backup', 'restore', offline.id);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('database_in_use');
    expect(refused.stderr).toContain('stop the service');
  }, 180_000);

  it('lists both backups, newest first, as a table and as JSON', () => {
    const listed = json<{ backup_dir: string; backups: Array<{ id: string; valid: boolean; verified: boolean }> }>(
      cli('backup', 'list', '--verify', '--json'),
    );
    expect(listed.backup_dir).toBe(backupDir);
    expect(listed.backups.map((backup) => [backup.id, backup.valid, backup.verified])).toEqual([
      [online.id, true, true],
      [offline.id, true, true],
    ]);
    const table = cli('backup', 'list');
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+CREATED \(UTC\)\s+DATABASE\s+SCHEMA MIGRATION\s+SIZE\s+FILES\s+MANIFEST$/);
    expect(table.stdout).toContain(offline.id);
  });

  it('restores once the service stopped: the rows of the time, the model, and a service that starts healthy', async () => {
    await stopService();
    writeFileSync(modelPath(), 'a later model');
    const restored = cli('backup', 'restore', offline.id);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(readFileSync(modelPath(), 'utf8')).toBe(model);
    expect(tokenNames()).toEqual(['before-backup']);

    await startService();
    const health = await fetch(`http://127.0.0.1:${env['PORT']}/api/health`);
    expect(health.status).toBe(200);
    await stopService();
  }, 240_000);

  it('refuses an unknown backup and prunes to the newest N', () => {
    const unknown = cli('backup', 'restore', 'huntforge-20200101T000000000Z-000000');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('backup_not_found');

    const badKeep = cli('backup', 'prune', '--keep', '0');
    expect(badKeep.status).not.toBe(0);
    expect(badKeep.stderr).toContain('at least 1');

    const pruned = json<{ keep: string[]; remove: string[] }>(cli('backup', 'prune', '--keep', '1', '--json'));
    expect(pruned).toMatchObject({ keep: [online.id], remove: [offline.id] });
    expect(json<{ backups: unknown[] }>(cli('backup', 'list', '--json')).backups).toHaveLength(1);
  }, 60_000);
});
