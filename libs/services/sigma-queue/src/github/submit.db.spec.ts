import request from 'supertest';
import { createSettingsStore } from '@huntforge/data';
import { startFakeGithub, type FakeGithub } from '@huntforge/testing';
import { rule, startSigmaQueue, type SigmaQueueHarness } from '../test-support/harness';

const ID = '77777777-7777-4777-8777-777777777777';
const yaml = rule({ id: ID, title: 'Certutil Download' });

describe('submit to GitHub', () => {
  let github: FakeGithub;
  let harness: SigmaQueueHarness;
  const api = () => request(harness.app);

  async function approved(body: Record<string, unknown> = {}): Promise<number> {
    const created = await api()
      .post('/api/sigma-queue')
      .send({ rule_yaml: yaml, ...body });
    const id = created.body.queue_id as number;
    expect((await api().post(`/api/sigma-queue/${id}/approve`).send({})).status).toBe(200);
    return id;
  }

  beforeAll(async () => {
    github = await startFakeGithub({ repos: ['acme/detections'] });
    harness = await startSigmaQueue({ GITHUB_TOKEN: github.token, GITHUB_REPO: 'acme/detections', GITHUB_API_URL: github.url });
    // Migrating the embedded database is slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await harness.close();
    await github.close();
  });

  it('opens a pull request with the rule and marks the item submitted with the PR URL', async () => {
    const id = await approved();
    const response = await api().post(`/api/sigma-queue/${id}/submit`);
    expect(response.status).toBe(200);
    const repo = github.repo('acme/detections');
    expect(repo.pulls).toHaveLength(1);
    const pull = repo.pulls[0];
    if (!pull) throw new Error('no pull request was opened');
    expect(response.body).toMatchObject({ status: 'submitted', pr_url: pull.html_url, submitted_at: expect.any(String) });
    expect(pull).toMatchObject({ base: 'main', head: `huntforge/sigma-${id}-certutil_download`, title: 'Sigma rule: Certutil Download' });
    expect(repo.files.get(pull.head)?.get('rules/huntforge/certutil_download.yml')).toBe(yaml);
    expect(repo.files.get('main')?.size).toBe(0);
    // The queries of the team's targets (default splunk, kusto, lucene) are in the body for the reviewer.
    expect(pull.body).toContain('### Queries');
    expect(pull.body).toMatch(/\*\*splunk\*\*\n\n```\n.*certutil\.exe/);
    expect(pull.body).toContain('**kusto**');
    expect(pull.body).toContain('**lucene**');

    const again = await api().post(`/api/sigma-queue/${id}/submit`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_transition');
  });

  it('maps a GitHub failure to 502 github_error and leaves the item approved', async () => {
    const id = await approved();
    github.failNext(/^POST \/repos\/acme\/detections\/pulls$/, 500);
    const response = await api().post(`/api/sigma-queue/${id}/submit`);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('github_error');
    expect(JSON.stringify(response.body)).not.toContain(github.token);
    expect((await api().get(`/api/sigma-queue/${id}`)).body.status).toBe('approved');
  });

  it('keeps the token out of the answer and the logs when GitHub echoes it in its error', async () => {
    const id = await approved();
    const planted = [github.token, `token ${github.token}`, Buffer.from(`x-access-token:${github.token}`).toString('base64')];
    github.failNext(/^POST \/repos\/acme\/detections\/pulls$/, 422, `Validation failed for ${planted.join(' and ')}`);
    const response = await api().post(`/api/sigma-queue/${id}/submit`);
    expect(response.status).toBe(502);
    expect(response.body.error.message).toContain('[redacted]');
    const seen = `${JSON.stringify(response.body)}\n${harness.ctx.logs.text()}`;
    for (const secret of [github.token, planted[2] as string]) expect(seen).not.toContain(secret);
  });

  it('refuses publisher rules the import policy does not permit', async () => {
    const created = await api().post('/api/sigma-queue').send({ rule_yaml: yaml, source: 'publisher', delivery_permitted: false });
    const id = created.body.queue_id as number;
    await api().post(`/api/sigma-queue/${id}/approve`).send({}).expect(200);
    const response = await api().post(`/api/sigma-queue/${id}/submit`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('delivery_not_permitted');
  });
});

describe('submit to a GitHub set in the settings (GitHub Enterprise)', () => {
  const ENCRYPTION_KEY = 'a1'.repeat(32);

  it('never sends the environment token to a stored GITHUB_API_URL; a token entered for that URL goes there, not to the environment or github.com', async () => {
    const enterprise = await startFakeGithub({ repos: ['corp/rules'] });
    const elsewhere = await startFakeGithub({ repos: ['corp/rules'] });
    const env = {
      GITHUB_TOKEN: enterprise.token,
      GITHUB_REPO: 'corp/rules',
      GITHUB_API_URL: elsewhere.url,
      SETTINGS_ENCRYPTION_KEY: ENCRYPTION_KEY,
      // Both fakes listen on loopback: a stored in-house URL needs the operator's opt-in, as when it is saved.
      PROVIDER_ALLOW_PRIVATE_NETWORKS: 'true',
    };
    const harness = await startSigmaQueue(env);
    const store = createSettingsStore(harness.ctx.db.prisma, { encryptionKey: Buffer.from(ENCRYPTION_KEY, 'hex'), env });
    try {
      await store.set('GITHUB_API_URL', `${enterprise.url}/`, 'token:admin');
      const created = await request(harness.app).post('/api/sigma-queue').send({ rule_yaml: yaml });
      const id = created.body.queue_id as number;
      await request(harness.app).post(`/api/sigma-queue/${id}/approve`).send({}).expect(200);

      const withheld = await request(harness.app).post(`/api/sigma-queue/${id}/submit`).expect(409);
      expect(withheld.body.error).toMatchObject({ code: 'credential_base_url_changed', details: { key: 'GITHUB_TOKEN' } });
      expect(enterprise.repo('corp/rules').pulls).toHaveLength(0);
      expect((await request(harness.app).get(`/api/sigma-queue/${id}`)).body.status).toBe('approved');

      await store.set('GITHUB_TOKEN', enterprise.token, 'token:admin');
      await request(harness.app).post(`/api/sigma-queue/${id}/submit`).expect(200);
      expect(enterprise.repo('corp/rules').pulls).toHaveLength(1);
      expect(elsewhere.repo('corp/rules').pulls).toHaveLength(0);
    } finally {
      await harness.close();
      await enterprise.close();
      await elsewhere.close();
    }
  }, 120_000); // starts its own embedded database, slow on a loaded CI machine
});

describe('submit to GitHub: one address policy for the check and the connection', () => {
  const ENCRYPTION_KEY = 'b2'.repeat(32);
  const REBINDING_URL = 'https://github.rebinding.test/api/v3';
  // The name answers a public address when checked, then a private one when the socket opens (DNS rebinding).
  const asked: string[] = [];
  const rebinding = async (hostname: string) => {
    asked.push(hostname);
    return asked.length === 1 ? ['140.82.112.3'] : ['10.20.30.40'];
  };
  const env = { GITHUB_REPO: 'corp/rules', SETTINGS_ENCRYPTION_KEY: ENCRYPTION_KEY, PROVIDER_ALLOW_PRIVATE_NETWORKS: 'false' };
  let enterprise: FakeGithub;
  let harness: SigmaQueueHarness;
  let store: ReturnType<typeof createSettingsStore>;

  beforeAll(async () => {
    enterprise = await startFakeGithub({ repos: ['corp/rules'] });
    harness = await startSigmaQueue(env, { githubResolve: rebinding });
    store = createSettingsStore(harness.ctx.db.prisma, { encryptionKey: Buffer.from(ENCRYPTION_KEY, 'hex'), env });
  }, 180_000);
  afterAll(async () => {
    await harness.close();
    await enterprise.close();
  });

  async function approvedItem(): Promise<number> {
    const created = await request(harness.app).post('/api/sigma-queue').send({ rule_yaml: yaml });
    const id = created.body.queue_id as number;
    await request(harness.app).post(`/api/sigma-queue/${id}/approve`).send({}).expect(200);
    return id;
  }

  async function storeGithub(apiUrl: string, token: string): Promise<void> {
    await store.set('GITHUB_API_URL', apiUrl, 'token:admin');
    await store.set('GITHUB_TOKEN', token, 'token:admin');
  }

  it('refuses a stored private GITHUB_API_URL whose opt-in was removed before connecting: 422 url_not_allowed, not 502', async () => {
    await storeGithub(enterprise.url, enterprise.token);
    const id = await approvedItem();
    const refused = await request(harness.app).post(`/api/sigma-queue/${id}/submit`).expect(422);
    expect(refused.body.error.code).toBe('url_not_allowed');
    expect(refused.body.error.message).toMatch(/^GITHUB_API_URL is refused: 127\.0\.0\.1 is refused: 127\.0\.0\.1 is a loopback address/);
    expect(refused.body.error.message).toContain('PROVIDER_ALLOW_PRIVATE_NETWORKS=true');
    expect(JSON.stringify(refused.body)).not.toContain(enterprise.token);
    expect(enterprise.requests).toEqual([]);
    expect((await request(harness.app).get(`/api/sigma-queue/${id}`)).body.status).toBe('approved');
  }, 60_000);

  it('answers the same 422 when the connection guard refuses an address the check let through, the token unsent', async () => {
    const token = 'ghp_never-sent-anywhere-111111111111';
    await storeGithub(REBINDING_URL, token);
    const id = await approvedItem();
    const refused = await request(harness.app).post(`/api/sigma-queue/${id}/submit`).expect(422);
    expect(refused.body.error.code).toBe('url_not_allowed');
    expect(refused.body.error.message).toMatch(
      /^GITHUB_API_URL is refused: github\.rebinding\.test is refused: 10\.20\.30\.40 is a private address/,
    );
    expect(refused.body.error.message).toContain('PROVIDER_ALLOW_PRIVATE_NETWORKS=true');
    expect(JSON.stringify(refused.body)).not.toContain(token);
    // Checked once (public then), refused when the socket opened.
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked)).toEqual(new Set(['github.rebinding.test']));
    expect((await request(harness.app).get(`/api/sigma-queue/${id}`)).body.status).toBe('approved');
  }, 60_000);
});

describe('submit without GitHub settings', () => {
  it('refuses to send the token to a GITHUB_API_URL on a metadata or link-local address (422 url_not_allowed), leaving the item approved', async () => {
    const harness = await startSigmaQueue({
      GITHUB_TOKEN: 'ghp_never-sent-anywhere-000000000000',
      GITHUB_REPO: 'acme/detections',
      GITHUB_API_URL: 'http://169.254.169.254/api/v3',
    });
    try {
      const created = await request(harness.app).post('/api/sigma-queue').send({ rule_yaml: yaml });
      const id = created.body.queue_id as number;
      await request(harness.app).post(`/api/sigma-queue/${id}/approve`).send({}).expect(200);
      const response = await request(harness.app).post(`/api/sigma-queue/${id}/submit`).expect(422);
      expect(response.body.error.code).toBe('url_not_allowed');
      expect(response.body.error.message).toContain('metadata');
      expect((await request(harness.app).get(`/api/sigma-queue/${id}`)).body.status).toBe('approved');
    } finally {
      await harness.close();
    }
  }, 120_000);

  it('answers 422 github_not_configured', async () => {
    const harness = await startSigmaQueue({ GITHUB_TOKEN: undefined, GITHUB_REPO: undefined });
    try {
      const created = await request(harness.app).post('/api/sigma-queue').send({ rule_yaml: yaml });
      const id = created.body.queue_id as number;
      await request(harness.app).post(`/api/sigma-queue/${id}/approve`).send({}).expect(200);
      const response = await request(harness.app).post(`/api/sigma-queue/${id}/submit`);
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: 'github_not_configured',
        details: { token_configured: false, repo_configured: false },
      });
    } finally {
      await harness.close();
    }
  }, 120_000); // starts its own embedded database, slow on a loaded CI machine
});
