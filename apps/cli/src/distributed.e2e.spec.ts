import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { SERVICES, UPSTREAM_SERVICE_NAMES } from '@huntforge/contracts';
import { createScratchDatabase, infraUrl, type ScratchDatabase } from '@huntforge/test-kit';
import { freePort, runCli, spawnApp, terminate, waitForStatus } from './test-support/processes';

const databaseServer = infraUrl('postgres');
const broker = infraUrl('rabbitmq');
const describeDistributed = databaseServer && broker ? describe : describe.skip;

// The distributed shape for real: every app its own process on PostgreSQL and RabbitMQ, the gateway
// proxying to them by URL, tokens created with the CLI against the same database.
describeDistributed('distributed shape', () => {
  let database: ScratchDatabase;
  const services = new Map<string, { child: ChildProcess; port: number }>();
  let gateway: { child: ChildProcess; url: string };
  let viewerToken: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer ?? '');
    env = { DATABASE_URL: database.url, AMQP_URL: broker ?? '', IDENTITY_SIGNING_KEY: randomBytes(32).toString('hex') };
    const migrated = runCli(['db', 'migrate'], env);
    expect(migrated.stdout).toContain('database (postgres): applied');

    for (const service of UPSTREAM_SERVICE_NAMES) {
      const port = await freePort();
      services.set(service, { child: spawnApp(service, { ...env, PORT: String(port) }), port });
    }
    const serviceUrls = Object.fromEntries(
      UPSTREAM_SERVICE_NAMES.map((service) => [SERVICES[service].urlEnvVar ?? '', `http://127.0.0.1:${services.get(service)?.port}`]),
    );
    const gatewayPort = await freePort();
    gateway = {
      child: spawnApp('gateway', { ...env, ...serviceUrls, PORT: String(gatewayPort) }),
      url: `http://127.0.0.1:${gatewayPort}`,
    };
    await Promise.all([
      ...[...services.values()].map(({ port }) => waitForStatus(`http://127.0.0.1:${port}/health/ready`, 200, 60_000)),
      waitForStatus(`${gateway.url}/health`, 200, 60_000),
    ]);

    const created = runCli(['tokens', 'create', '--name', 'reader', '--role', 'viewer'], env);
    viewerToken = created.stdout.trim();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...services.values()].map(({ child }) => terminate(child)));
    if (gateway) await terminate(gateway.child);
    await database?.drop();
  });

  it('reports every service ready through the gateway', async () => {
    const response = await fetch(`${gateway.url}/api/health/services`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { components: Record<string, { status: string }> };
    expect(Object.keys(body.components).sort()).toEqual([...UPSTREAM_SERVICE_NAMES].sort());
    expect(Object.values(body.components).every((component) => component.status === 'up')).toBe(true);
  });

  it('requires a token, and honours the role of one made by the CLI on the same database', async () => {
    expect((await fetch(`${gateway.url}/api/scheduled-jobs`)).status).toBe(401);
    const headers = { authorization: `Bearer ${viewerToken}` };
    expect((await fetch(`${gateway.url}/api/scheduled-jobs`, { headers })).status).toBe(200);
    const write = await fetch(`${gateway.url}/api/scheduled-jobs`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jobs: {} }),
    });
    expect(write.status).toBe(403);
  });

  it('proxies to the owning service, which answers with the common JSON error and the request id', async () => {
    const response = await fetch(`${gateway.url}/api/sources/does-not-exist`, {
      headers: { authorization: `Bearer ${viewerToken}`, 'x-request-id': 'distributed-test-1' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('distributed-test-1');
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses forged identity headers on a service port and on mcp: only what the gateway signed is answered', async () => {
    const forged = { 'x-huntforge-actor': 'token:admin', 'x-huntforge-role': 'admin', 'content-type': 'application/json' };
    const port = (service: string) => services.get(service)?.port;
    const write = await fetch(`http://127.0.0.1:${port('workflow')}/api/workflow/config/auto-trigger-threshold`, {
      method: 'PATCH',
      headers: forged,
      body: JSON.stringify({ auto_trigger_hunt_score_threshold: 1 }),
    });
    expect(write.status).toBe(401);
    expect(await write.json()).toMatchObject({ error: { code: 'unsigned_request' } });
    const mcp = await fetch(`http://127.0.0.1:${port('mcp')}/api/mcp/confirmations`, { headers: forged });
    expect(mcp.status).toBe(401);
    const wrongKey = await fetch(`http://127.0.0.1:${port('ingestion')}/api/sources`, {
      headers: {
        ...forged,
        'x-huntforge-signed-at': String(Date.now()),
        'x-huntforge-nonce': 'forged-nonce',
        // Every header a signed request carries (the body digest included), only the signature is not the gateway's.
        'x-huntforge-body-sha256': 'unsigned',
        'x-huntforge-signature': 'AAAA',
      },
    });
    expect(await wrongKey.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    // Probes stay open, and the same read through the gateway is answered.
    expect((await fetch(`http://127.0.0.1:${port('ingestion')}/health/ready`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/sources`, { headers: { authorization: `Bearer ${viewerToken}` } })).status).toBe(200);
  });

  it('reports a stopped service down and answers 502 for its routes; the service exits 0 on SIGTERM', async () => {
    const ingestion = services.get('ingestion');
    expect(await terminate(ingestion?.child as ChildProcess)).toBe(0);

    const health = await fetch(`${gateway.url}/api/health/services`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { components: Record<string, { status: string }> };
    expect(body.components['ingestion']?.status).toBe('down');
    expect(body.components['workflow']?.status).toBe('up');

    const proxied = await fetch(`${gateway.url}/api/sources`, { headers: { authorization: `Bearer ${viewerToken}` } });
    expect(proxied.status).toBe(502);
    expect(await proxied.json()).toMatchObject({ error: { code: 'upstream_unavailable' } });
  });
});
