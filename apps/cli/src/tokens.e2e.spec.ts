import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './test-support/processes';

describe('huntforge tokens', () => {
  let dataDir: string;
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir });

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a token, prints it once, lists it without the secret, and revokes it', () => {
    const created = cli('tokens', 'create', '--name', 'alice', '--role', 'analyst');
    expect(created.status).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^hf_[A-Za-z0-9_-]{40,}$/);

    const listed = cli('tokens', 'list', '--json');
    expect(listed.status).toBe(0);
    expect(listed.stdout).not.toContain(token);
    const records = JSON.parse(listed.stdout) as Array<{ name: string; role: string; revokedAt: string | null }>;
    expect(records).toEqual([expect.objectContaining({ name: 'alice', role: 'analyst', revokedAt: null })]);

    expect(cli('tokens', 'revoke', 'alice').status).toBe(0);
    const afterRevoke = JSON.parse(cli('tokens', 'list', '--json').stdout) as Array<{ revokedAt: string | null }>;
    expect(afterRevoke).toEqual([expect.objectContaining({ revokedAt: expect.any(String) })]);
  });

  it('rejects an unknown role and an unknown token', () => {
    const badRole = cli('tokens', 'create', '--name', 'bob', '--role', 'root');
    expect(badRole.status).not.toBe(0);
    expect(badRole.stderr).toContain('role must be one of viewer, analyst, admin');

    const unknown = cli('tokens', 'revoke', 'nobody');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no active token "nobody"');
  });

  it('refuses to open the embedded database while another process holds it', () => {
    // This test process stands in for a running `huntforge start`: the lock names a live pid.
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    try {
      const result = cli('tokens', 'list');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      rmSync(join(dataDir, 'pglite.lock'));
    }
  });
});
