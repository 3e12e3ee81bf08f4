import { ApiError, createApiClient } from '@huntforge/api-client';
import { executionRoutes, settingsRoutes, sigmaQueueRoutes } from '@huntforge/contracts/api';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_KEY_FILE, type AllInOneHandle } from '@huntforge/platform';
import { startTestAllInOne, type TestAllInOne } from './test-support/all-in-one';

describe('all-in-one runner', () => {
  let service: TestAllInOne;
  let handle: AllInOneHandle;

  // Starting the embedded database and migrating it takes ~10 s idle, several times that on a loaded CI machine.
  beforeAll(async () => {
    service = await startTestAllInOne();
    handle = service.handle;
  }, 120_000);

  afterAll(() => service?.stop());

  it('runs on the embedded database and the in-process bus', () => {
    expect(handle.ctx.db.kind).toBe('pglite');
    expect(handle.ctx.bus.kind).toBe('in-process');
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers /health with the database connected', async () => {
    const response = await fetch(`${handle.url}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string };
    expect(body.status).toBe('up');
    // Idle sockets outlive the clients' own keep-alive, so a reused socket is never one being closed.
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('is called through the typed client generated from the route definitions', async () => {
    const client = createApiClient({ baseUrl: handle.url });
    const executions = await client.call(executionRoutes.getWorkflowExecutions, { query: { limit: 5, status: 'failed' } });
    expect(executions).toMatchObject({ total: 0, limit: 5, executions: [] });

    const verdict = await client.call(sigmaQueueRoutes.postSigmaValidate, {
      body: { rule_yaml: 'title: t\nlogsource: {product: windows}\ndetection: {sel: {Image: a.exe}, condition: other}\n' },
    });
    expect(verdict.valid).toBe(false);
    expect(verdict.findings.map((finding) => finding.severity)).toContain('error');
    expect(JSON.stringify(verdict.findings)).toContain('other');

    const missing = await client
      .call(sigmaQueueRoutes.getSigmaQueueItem, { params: { queue_id: 987654 } })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, code: expect.stringMatching(/not_found$/) });

    const refused = await client.call(executionRoutes.getWorkflowExecutions, { query: { limit: 0 } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: 'validation_error' });
  });

  it('reports every service module as ready', async () => {
    const response = await fetch(`${handle.url}/api/health/services`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const service of ['ingestion', 'workflow', 'content-filter', 'sigma-queue', 'mcp']) {
      expect(text).toContain(`"${service}"`);
    }
    expect(text).not.toContain('"down"');
  });

  it('serves the generated OpenAPI document and a JSON 404 for unknown API routes', async () => {
    const openapi = await fetch(`${handle.url}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);

    const missing = await fetch(`${handle.url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('applied the migrations to the embedded database', async () => {
    const rows = await handle.ctx.db.prisma.$queryRawUnsafe<Array<{ count: number | bigint }>>(
      'SELECT count(*) AS count FROM _prisma_migrations WHERE finished_at IS NOT NULL',
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.count)).toBeGreaterThan(0);
  });

  it('stores a provider key on a fresh install: a private key of its own encrypts it, and the secret is never shown', async () => {
    const keyFile = join(service.dataDir, LOCAL_KEY_FILE);
    expect(existsSync(keyFile)).toBe(true);
    const api = createApiClient({ baseUrl: handle.url });
    const secret = 'sk-fresh-install-0123456789abcdef';
    const stored = await api.call(settingsRoutes.putSetting, { params: { key: 'OPENAI_API_KEY' }, body: { value: secret } });
    expect(stored).toMatchObject({ key: 'OPENAI_API_KEY', configured: true });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const row = await handle.ctx.db.prisma.setting.findUnique({ where: { key: 'OPENAI_API_KEY' } });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(readFileSync(keyFile, 'utf8')).not.toContain(secret);
  });
});
