import { runAppToExit } from './test-support/processes';

const apps = ['gateway', 'ingestion', 'workflow', 'content-filter', 'sigma-queue', 'mcp'];

describe('an app started alone', () => {
  it.each(apps)('%s exits 1 naming DATABASE_URL and AMQP_URL when both are missing', (app) => {
    const result = runAppToExit(app, {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).toContain('AMQP_URL');
  });

  it('names only the missing variable', () => {
    const result = runAppToExit('ingestion', { DATABASE_URL: 'postgresql://localhost:5432/x' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('AMQP_URL');
    expect(result.stderr).not.toContain('DATABASE_URL');
  });

  it('refuses AUTH_MODE=off in the distributed shape', () => {
    const result = runAppToExit('gateway', {
      DATABASE_URL: 'postgresql://localhost:5432/x',
      AMQP_URL: 'amqp://localhost:5672',
      AUTH_MODE: 'off',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('AUTH_MODE');
  });
});
