import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..', '..');
const apps = ['gateway', 'ingestion', 'workflow', 'content-filter', 'sigma-queue', 'mcp'];

function runApp(app: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps', app, 'src', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('an app started alone', () => {
  it.each(apps)('%s exits 1 naming DATABASE_URL and AMQP_URL when both are missing', (app) => {
    const result = runApp(app, {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).toContain('AMQP_URL');
  });

  it('names only the missing variable', () => {
    const result = runApp('ingestion', { DATABASE_URL: 'postgresql://localhost:5432/x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('AMQP_URL');
    expect(result.stderr).not.toContain('DATABASE_URL');
  });

  it('refuses AUTH_MODE=off in the distributed shape', () => {
    const result = runApp('gateway', {
      DATABASE_URL: 'postgresql://localhost:5432/x',
      AMQP_URL: 'amqp://localhost:5672',
      AUTH_MODE: 'off',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('AUTH_MODE');
  });
});
