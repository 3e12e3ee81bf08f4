import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MCP_READ_TOOLS } from '@huntforge/contracts/mcp';
import { createSettingsStore } from '@huntforge/data';
import { seedMcpData, type Seeded } from '../test-support/seed';
import { startFakeService, startMcpHarness, structured, toolError, type McpHarness, type RecordedRequest } from '../test-support/harness';

type FakeService = Awaited<ReturnType<typeof startFakeService>>;
type Confirmation = {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  requested_by: string;
  created_at: string;
  expires_at: string;
  status: string;
  result: unknown;
  error: string | null;
  decided_by: string | null;
};

const TTL_MINUTES = 30;
const SAVED_VERSION = 9;

describe("MCP writes: low-risk at once, high-risk through a person's confirmation", () => {
  let services: FakeService;
  let harness: McpHarness;
  let seeded: Seeded;
  let clock: Date;
  let analystToken: string;
  let viewerToken: string;
  let reviewerToken: string;
  let analyst: Client;

  /** Answers like the owning services would; article 424242 has an active execution. */
  const answer = (req: RecordedRequest) => {
    if (req.path === '/api/workflow/articles/424242/trigger') {
      return {
        status: 409,
        body: { error: { code: 'active_execution', message: 'The article already has an active workflow execution' } },
      };
    }
    if (req.path.startsWith('/api/model/rollback/'))
      return { status: 422, body: { error: { code: 'artifact_missing', message: 'No artifact for version 9' } } };
    if (req.method === 'DELETE') return { status: 200, body: { deleted: true } };
    return { status: req.method === 'POST' ? 201 : 200, body: { ok: true, path: req.path } };
  };

  const auditRows = (tool?: string) => harness.ctx.db.prisma.auditEvent.findMany({ where: tool ? { tool } : {}, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    services = await startFakeService(answer);
    clock = new Date('2026-11-21T09:00:00.000Z');
    harness = await startMcpHarness({
      env: {
        INGESTION_URL: services.url,
        WORKFLOW_URL: services.url,
        CONTENT_FILTER_URL: services.url,
        SIGMA_QUEUE_URL: services.url,
        MCP_CONFIRMATION_TTL_MINUTES: String(TTL_MINUTES),
      },
      module: { now: () => clock },
    });
    seeded = await seedMcpData(harness.ctx.db.prisma);
    // A saved model version with its artifact, so a rollback to it can be filed (the seeded version 3 has none).
    const prisma = harness.ctx.db.prisma;
    await prisma.modelVersion.create({
      data: { version: SAVED_VERSION, featurizerVersion: 1, modelFilePath: `/models/v${SAVED_VERSION}.onnx` },
    });
    await prisma.modelArtifact.create({
      data: { version: SAVED_VERSION, kind: 'versioned', sha256: 'ab'.repeat(32), size: 3, bytes: new Uint8Array([1, 2, 3]) },
    });
    analystToken = await harness.token('analyst', 'claude-desktop');
    viewerToken = await harness.token('viewer', 'dashboard');
    reviewerToken = await harness.token('admin', 'lead-reviewer');
    analyst = await harness.client(analystToken);
  });
  afterAll(async () => {
    await harness.dispose();
    await services.close();
  });
  beforeEach(() => {
    services.requests.length = 0;
  });

  const lastRequest = () => services.requests[services.requests.length - 1];

  it('runs each low-risk write at once on the owning service, as the caller, and audits it', async () => {
    const [articleId] = seeded.articleIds;
    const calls: Array<[string, Record<string, unknown>, Partial<RecordedRequest>]> = [
      [
        'submit_chunk_feedback',
        {
          article_id: articleId,
          chunk_id: 2,
          chunk_text: 'powershell -enc',
          model_classification: 'Huntable',
          model_confidence: 0.91,
          is_correct: false,
          user_classification: 'Not Huntable',
        },
        {
          method: 'POST',
          path: '/api/feedback/chunk-classification',
          body: expect.objectContaining({ article_id: articleId, chunk_id: 2, is_correct: false }),
        },
      ],
      [
        'add_annotation',
        { article_id: articleId, annotation_type: 'cmdline', selected_text: 'powershell.exe -enc', start_position: 10, end_position: 29 },
        {
          method: 'POST',
          path: `/api/articles/${articleId}/annotations`,
          body: { annotation_type: 'cmdline', selected_text: 'powershell.exe -enc', start_position: 10, end_position: 29 },
        },
      ],
      [
        'add_queue_review_note',
        { queue_id: seeded.queueIds[0], note: 'Consider a filter for admin scripts' },
        {
          method: 'POST',
          path: `/api/sigma-queue/${seeded.queueIds[0]}/review-notes`,
          body: { note: 'Consider a filter for admin scripts' },
        },
      ],
      [
        'trigger_workflow',
        { article_id: articleId, force: true },
        { method: 'POST', path: `/api/workflow/articles/${articleId}/trigger`, query: { force: 'true' } },
      ],
      [
        'scrape_url',
        { url: 'https://research.example.org/report' },
        { method: 'POST', path: '/api/scrape-url', body: { url: 'https://research.example.org/report', force_scrape: false } },
      ],
      [
        'backtest_queue_rule',
        { queue_id: seeded.queueIds[0], dataset_ids: [3, 1] },
        { method: 'POST', path: `/api/sigma-queue/${seeded.queueIds[0]}/backtest`, body: { dataset_ids: [3, 1], max_examples: 5 } },
      ],
    ];
    for (const [tool, args, expected] of calls) {
      const result = structured<{ status: string; http_status: number; result: unknown }>(
        await analyst.callTool({ name: tool, arguments: args }),
      );
      expect(result).toEqual({ status: 'done', http_status: 201, result: { ok: true, path: expected.path } });
      const forwarded = lastRequest();
      expect(forwarded).toMatchObject(expected);
      expect(forwarded?.headers).toMatchObject({ 'x-huntforge-actor': 'token:claude-desktop', 'x-huntforge-role': 'analyst' });
      expect(forwarded?.headers['authorization']).toBeUndefined();
      const [audit] = await auditRows(tool);
      expect(audit).toMatchObject({ type: 'mcp.tool_call', actor: 'token:claude-desktop', outcome: 'ok', durationMs: expect.any(Number) });
      expect(audit?.payload).toMatchObject({
        arguments: args,
        caller: { actor: 'token:claude-desktop', role: 'analyst' },
        transport: 'http',
      });
    }
  });

  it("takes the limits of each write from its route's own schema (no limits of its own to drift apart)", async () => {
    const [articleId] = seeded.articleIds;
    const feedback = { article_id: articleId, chunk_id: 1, model_classification: 'Huntable', model_confidence: 0.5, is_correct: true };
    // The route takes chunks up to 100,000 characters (the tool once stopped at 50,000).
    const long = structured<{ status: string }>(
      await analyst.callTool({ name: 'submit_chunk_feedback', arguments: { ...feedback, chunk_text: 'x'.repeat(60_000) } }),
    );
    expect(long.status).toBe('done');
    expect(lastRequest()).toMatchObject({ path: '/api/feedback/chunk-classification', body: expect.objectContaining({ chunk_id: 1 }) });
    services.requests.length = 0;
    const tooLong = await analyst.callTool({ name: 'submit_chunk_feedback', arguments: { ...feedback, chunk_text: 'x'.repeat(100_001) } });
    expect(tooLong.isError).toBe(true);
    // The route's review notes stop at 4,000 characters (the tool once allowed 5,000).
    const longNote = await analyst.callTool({
      name: 'add_queue_review_note',
      arguments: { queue_id: seeded.queueIds[0], note: 'n'.repeat(4_001) },
    });
    expect(longNote.isError).toBe(true);
    expect(services.requests).toEqual([]);
  });

  it("passes the owning service's refusal back (the trigger rules apply) and audits it as an error", async () => {
    const error = toolError(await analyst.callTool({ name: 'trigger_workflow', arguments: { article_id: 424242 } }));
    expect(error).toMatchObject({ code: 'upstream_error', message: expect.stringContaining('already has an active workflow execution') });
    expect(lastRequest()).toMatchObject({ path: '/api/workflow/articles/424242/trigger', query: { force: 'false' } });
    const rows = await auditRows('trigger_workflow');
    expect(rows[rows.length - 1]).toMatchObject({ outcome: 'error', payload: expect.objectContaining({ error_code: 'upstream_error' }) });
  });

  it('files a high-risk write as a pending confirmation and does nothing else; a person confirms and the action runs', async () => {
    const articleId = seeded.articleIds[2];
    const requested = structured<{ status: string; confirmation: Confirmation; message: string }>(
      await analyst.callTool({ name: 'delete_article', arguments: { article_id: articleId } }),
    );
    expect(requested.status).toBe('pending_confirmation');
    expect(requested.confirmation).toMatchObject({
      tool: 'delete_article',
      arguments: { article_id: articleId },
      requested_by: 'token:claude-desktop',
      status: 'pending',
      created_at: clock.toISOString(),
      expires_at: new Date(clock.getTime() + TTL_MINUTES * 60_000).toISOString(),
    });
    expect(services.requests).toEqual([]);
    const [requestAudit] = await auditRows('delete_article');
    expect(requestAudit).toMatchObject({ outcome: 'pending_confirmation', actor: 'token:claude-desktop' });

    const listed = await request(harness.app)
      .get('/api/mcp/confirmations?status=pending')
      .set('Authorization', `Bearer ${viewerToken}`)
      .expect(200);
    expect(listed.body.confirmations).toEqual([
      expect.objectContaining({ id: requested.confirmation.id, tool: 'delete_article', status: 'pending' }),
    ]);

    const confirmed = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .send({ reason: 'duplicate of a better article' })
      .expect(200);
    expect(confirmed.body).toMatchObject({
      status: 'confirmed',
      decided_by: 'token:lead-reviewer',
      decision_reason: 'duplicate of a better article',
      result: { http_status: 200, body: { deleted: true } },
      error: null,
    });
    expect(services.requests).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: `/api/articles/${articleId}`,
        headers: expect.objectContaining({ 'x-huntforge-actor': 'token:lead-reviewer', 'x-huntforge-role': 'admin' }),
      }),
    ]);
    const decisions = await harness.ctx.db.prisma.auditEvent.findMany({ where: { type: 'mcp.confirmation.confirmed' } });
    expect(decisions).toEqual([
      expect.objectContaining({
        actor: 'token:lead-reviewer',
        tool: 'delete_article',
        outcome: 'ok',
        payload: expect.objectContaining({
          confirmation_id: requested.confirmation.id,
          requested_by: 'token:claude-desktop',
          http_status: 200,
        }),
      }),
    ]);

    const again = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(409);
    expect(again.body.error.code).toBe('confirmation_not_pending');
    expect(services.requests).toHaveLength(1);
  });

  it('records a confirmed action the owning service refuses as failed, with its answer', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'rollback_model', arguments: { version_id: 9 } }),
    );
    const confirmed = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(200);
    expect(confirmed.body).toMatchObject({ status: 'failed', error: 'HTTP 422: No artifact for version 9', result: { http_status: 422 } });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/api/model/rollback/9' });
  });

  it('refuses to let the token that filed a request confirm it (409 self_confirmation) unless an admin allows it', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'rollback_model', arguments: { version_id: 9 } }),
    );
    const own = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${analystToken}`)
      .expect(409);
    expect(own.body.error.code).toBe('self_confirmation');
    expect(services.requests).toEqual([]);
    const still = await request(harness.app)
      .get(`/api/mcp/confirmations/${requested.confirmation.id}`)
      .set('Authorization', `Bearer ${viewerToken}`)
      .expect(200);
    expect(still.body.status).toBe('pending');

    const store = createSettingsStore(harness.ctx.db.prisma, { env: {} });
    await store.set('MCP_ALLOW_SELF_CONFIRMATION', 'true', 'test');
    try {
      const allowed = await request(harness.app)
        .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
        .set('Authorization', `Bearer ${analystToken}`)
        .expect(200);
      expect(allowed.body).toMatchObject({ decided_by: 'token:claude-desktop' });
    } finally {
      await store.remove('MCP_ALLOW_SELF_CONFIRMATION');
    }
  });

  it('refuses the same self-confirmation when the decision comes through the gateway (vouched actor, no token id)', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'submit_queue_rule', arguments: { queue_id: seeded.queueIds[1] } }),
    );
    const viaGateway = (actor: string) =>
      request(harness.app)
        .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
        .set('x-huntforge-actor', actor)
        .set('x-huntforge-role', 'admin');
    const own = await viaGateway('token:claude-desktop').expect(409);
    expect(own.body.error.code).toBe('self_confirmation');
    expect(services.requests).toEqual([]);
    await viaGateway('token:lead-reviewer').expect(200);
  });

  it('runs a confirmed queue decision on sigma-queue as the person who confirmed it, not as the filing agent', async () => {
    const queueId = seeded.queueIds[0];
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'approve_queue_rule', arguments: { queue_id: queueId, comment: 'covers the macro chain' } }),
    );
    await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(200);
    expect(services.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/api/sigma-queue/${queueId}/approve`,
        body: { note: 'covers the macro chain' },
        headers: expect.objectContaining({
          'x-huntforge-actor': 'token:lead-reviewer',
          'x-huntforge-role': 'admin',
          'x-huntforge-via': 'mcp',
        }),
      }),
    ]);
  });

  it("my_requests shows a caller the requests it filed, with their decisions, and nobody else's", async () => {
    type Mine = { items: Confirmation[]; next_cursor: string | null; truncated: boolean };
    const other = await harness.client(await harness.token('analyst', 'other-agent'));
    const theirs = structured<{ confirmation: Confirmation }>(await other.callTool({ name: 'retrain_model', arguments: {} }));
    const mine = structured<Mine>(await analyst.callTool({ name: 'my_requests', arguments: { limit: 100 } }));
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => item.requested_by === 'token:claude-desktop')).toBe(true);
    expect(mine.items.map((item) => item.id)).not.toContain(theirs.confirmation.id);
    expect(mine.items).toContainEqual(
      expect.objectContaining({ tool: 'delete_article', status: 'confirmed', decided_by: 'token:lead-reviewer' }),
    );
    const decided = structured<Mine>(await analyst.callTool({ name: 'my_requests', arguments: { status: 'rejected' } }));
    expect(decided.items.every((item) => item.status === 'rejected')).toBe(true);
    const paged = structured<Mine>(await analyst.callTool({ name: 'my_requests', arguments: { limit: 1 } }));
    expect(paged).toMatchObject({ truncated: true, next_cursor: expect.any(String) });
    const next = structured<Mine>(await analyst.callTool({ name: 'my_requests', arguments: { limit: 1, cursor: paged.next_cursor } }));
    expect(next.items[0]?.id).toBe(mine.items[1]?.id);
    expect(structured<Mine>(await other.callTool({ name: 'my_requests', arguments: {} })).items.map((item) => item.id)).toEqual([
      theirs.confirmation.id,
    ]);
  });

  describe('validation when a high-risk request is filed', () => {
    const refusals: Array<[string, string, () => Record<string, unknown>, string]> = [
      ['a missing queue item', 'approve_queue_rule', () => ({ queue_id: 987_654 }), 'queue_item_not_found'],
      ['a missing queue item (reject)', 'reject_queue_rule', () => ({ queue_id: 987_654, reason: 'dup' }), 'queue_item_not_found'],
      ['a missing queue item (submit)', 'submit_queue_rule', () => ({ queue_id: 987_654 }), 'queue_item_not_found'],
      ['a missing article', 'delete_article', () => ({ article_id: 987_654 }), 'article_not_found'],
      ['an unknown config field', 'update_workflow_config', () => ({ config: { RankingThreshold: 7 } }), 'invalid_workflow_config'],
      [
        'an out-of-range threshold',
        'update_workflow_config',
        () => ({ config: { thresholds: { RankingThreshold: 70 } } }),
        'invalid_workflow_config',
      ],
      ['a missing model version', 'rollback_model', () => ({ version_id: 987 }), 'model_version_not_found'],
      ['a model version without artifact', 'rollback_model', () => ({ version_id: seeded.modelVersion }), 'model_artifact_missing'],
    ];

    it.each(refusals)('refuses %s (%s) with a stable code, files nothing and audits the refusal', async (_what, tool, args, code) => {
      const before = await harness.ctx.db.prisma.mcpConfirmationRequest.count();
      const error = toolError(await analyst.callTool({ name: tool, arguments: args() }));
      expect(error.code).toBe(code);
      expect(await harness.ctx.db.prisma.mcpConfirmationRequest.count()).toBe(before);
      expect(services.requests).toEqual([]);
      const rows = await auditRows(tool);
      expect(rows[rows.length - 1]).toMatchObject({ outcome: 'error', payload: expect.objectContaining({ error_code: code }) });
    });

    it('names the invalid config fields', async () => {
      const error = toolError(
        await analyst.callTool({ name: 'update_workflow_config', arguments: { config: { thresholds: { RankingThreshold: 70 } } } }),
      );
      expect(error.message).toContain('thresholds.RankingThreshold');
    });

    it('files a request whose targets exist and whose config body is valid', async () => {
      const filed = structured<{ status: string }>(
        await analyst.callTool({
          name: 'update_workflow_config',
          arguments: { config: { thresholds: { RankingThreshold: 7 }, agents: { RankAgent: { enabled: false } } } },
        }),
      );
      expect(filed.status).toBe('pending_confirmation');
    });
  });

  it('rejects a request without running it', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'approve_queue_rule', arguments: { queue_id: seeded.queueIds[0], comment: 'looks fine' } }),
    );
    const rejected = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/reject`)
      .set('Authorization', `Bearer ${analystToken}`)
      .send({ reason: 'needs a filter first' })
      .expect(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decided_by: 'token:claude-desktop',
      decision_reason: 'needs a filter first',
      result: null,
    });
    const late = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(409);
    expect(late.body.error.code).toBe('confirmation_not_pending');
    expect(services.requests).toEqual([]);
    const [decision] = await harness.ctx.db.prisma.auditEvent.findMany({ where: { type: 'mcp.confirmation.rejected' } });
    expect(decision).toMatchObject({ tool: 'approve_queue_rule', actor: 'token:claude-desktop', outcome: 'ok' });
  });

  it('lets an expired request be neither confirmed nor rejected', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({ name: 'update_auto_trigger_threshold', arguments: { auto_trigger_hunt_score_threshold: 50 } }),
    );
    clock = new Date(clock.getTime() + (TTL_MINUTES + 1) * 60_000);
    const expired = await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/confirm`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(410);
    expect(expired.body.error.code).toBe('confirmation_expired');
    await request(harness.app)
      .post(`/api/mcp/confirmations/${requested.confirmation.id}/reject`)
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(410);
    const shown = await request(harness.app)
      .get(`/api/mcp/confirmations/${requested.confirmation.id}`)
      .set('Authorization', `Bearer ${viewerToken}`)
      .expect(200);
    expect(shown.body.status).toBe('expired');
    expect(services.requests).toEqual([]);
  });

  it('answers 404 for an unknown request and 400 for a malformed id or cursor', async () => {
    const missing = await request(harness.app)
      .post('/api/mcp/confirmations/00000000-0000-4000-8000-000000000000/confirm')
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(404);
    expect(missing.body.error.code).toBe('confirmation_not_found');
    const malformed = await request(harness.app)
      .post('/api/mcp/confirmations/not-a-uuid/confirm')
      .set('Authorization', `Bearer ${reviewerToken}`)
      .expect(400);
    expect(malformed.body.error.code).toBe('validation_error');
    const cursor = await request(harness.app)
      .get('/api/mcp/confirmations?cursor=bm9wZQ')
      .set('Authorization', `Bearer ${viewerToken}`)
      .expect(400);
    expect(cursor.body.error.code).toBe('invalid_cursor');
  });

  it('pages the confirmation list newest first with a cursor', async () => {
    const list = (query: string) =>
      request(harness.app).get(`/api/mcp/confirmations?${query}`).set('Authorization', `Bearer ${viewerToken}`).expect(200);
    const everything = (await list('limit=100')).body.confirmations.map((c: Confirmation) => c.id);
    expect(everything.length).toBeGreaterThan(3);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.confirmations.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.confirmations.map((c: Confirmation) => c.id));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(everything);
  });

  it('redacts secrets from audited arguments but keeps them for the action', async () => {
    const requested = structured<{ confirmation: Confirmation }>(
      await analyst.callTool({
        name: 'update_workflow_config',
        arguments: {
          config: {
            thresholds: { RankingThreshold: 7 },
            description: 'key sk-live-abcdefghijklmnopqrstuvwxyz and token hf_abcdefghijklmnopqrstuvwxyz123456 leaked',
          },
        },
      }),
    );
    expect(requested.confirmation.arguments).toMatchObject({
      config: { description: expect.stringContaining('sk-live-abcdefghijklmnopqrstuvwxyz') },
    });
    const rows = await auditRows('update_workflow_config');
    // The platform's credential shapes (shared with the logs) mask "token <credential>" as a whole.
    expect(rows[rows.length - 1]?.payload).toMatchObject({
      arguments: { config: { thresholds: { RankingThreshold: 7 }, description: 'key [redacted] and [redacted] leaked' } },
    });
  });

  describe('role scopes', () => {
    it('shows a viewer only the read tools, refuses (and audits) a write, and refuses it the decisions', async () => {
      const viewer = await harness.client(viewerToken);
      const { tools } = await viewer.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_READ_TOOLS].sort());
      const refused = await viewer.callTool({ name: 'delete_article', arguments: { article_id: seeded.articleIds[0] } });
      expect(refused.isError).toBe(true);
      const rows = await auditRows('delete_article');
      expect(rows[rows.length - 1]).toMatchObject({ actor: 'token:dashboard', outcome: 'forbidden' });
      expect(structured<{ sources: { total: number } }>(await viewer.callTool({ name: 'get_stats', arguments: {} })).sources.total).toBe(2);

      const pending = await harness.ctx.db.prisma.mcpConfirmationRequest.create({
        data: { tool: 'retrain_model', arguments: {}, requestedBy: 'token:claude-desktop', expiresAt: new Date(clock.getTime() + 60_000) },
      });
      const forbidden = await request(harness.app)
        .post(`/api/mcp/confirmations/${pending.id}/confirm`)
        .set('Authorization', `Bearer ${viewerToken}`)
        .expect(403);
      expect(forbidden.body.error.code).toBe('forbidden');
      expect(services.requests).toEqual([]);
    });

    it("offers no tool that confirms: the client's own acceptance never counts", async () => {
      const { tools } = await analyst.listTools();
      expect(tools.filter((tool) => /confirm|decide|accept/.test(tool.name))).toEqual([]);
      const high = tools.find((tool) => tool.name === 'retrain_model');
      expect(high?.description).toContain('Accepting in the MCP client does not confirm it');
      structured(await analyst.callTool({ name: 'retrain_model', arguments: {} }));
      structured(await analyst.callTool({ name: 'retrain_model', arguments: {} }));
      expect(services.requests).toEqual([]);
    });
  });

  describe('authentication on HTTP', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };

    it('answers 401 without a token, with an unknown or revoked token, on /mcp and the confirmation routes', async () => {
      const bare = await request(harness.app)
        .post('/mcp')
        .set('Accept', 'application/json, text/event-stream')
        .send(initialize)
        .expect(401);
      expect(bare.body.error.code).toBe('unauthenticated');
      expect(bare.headers['www-authenticate']).toContain('Bearer');
      await request(harness.app).post('/mcp').set('Authorization', 'Bearer hf_unknownunknownunknownunknown').send(initialize).expect(401);
      await request(harness.app).get('/api/mcp/confirmations').expect(401);
      const revoked = await harness.token('analyst', 'revoked-one');
      await harness.ctx.db.repos.apiTokens.revoke('revoked-one');
      await request(harness.app).post('/mcp').set('Authorization', `Bearer ${revoked}`).send(initialize).expect(401);
    });

    it('accepts the identity the gateway vouches for in its actor headers', async () => {
      const res = await request(harness.app)
        .post('/mcp')
        .set('Accept', 'application/json, text/event-stream')
        .set('x-huntforge-actor', 'token:via-gateway')
        .set('x-huntforge-role', 'viewer')
        .send(initialize)
        .expect(200);
      expect(res.body.result.serverInfo.name).toBe('huntforge');
    });

    it('answers 405 to GET and DELETE (stateless server: no sessions)', async () => {
      const get = await request(harness.app).get('/mcp').set('Authorization', `Bearer ${viewerToken}`).expect(405);
      expect(get.headers['allow']).toBe('POST');
      expect(get.body).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('stateless') }, id: null });
      await request(harness.app).delete('/mcp').set('Authorization', `Bearer ${viewerToken}`).expect(405);
    });

    it('answers malformed JSON with a JSON-RPC parse error (-32700), not the REST error body', async () => {
      const res = await request(harness.app)
        .post('/mcp')
        .set('Authorization', `Bearer ${viewerToken}`)
        .set('Accept', 'application/json, text/event-stream')
        .set('Content-Type', 'application/json')
        .send('{"jsonrpc": "2.0", "id": 1, "method": ')
        .expect(400);
      expect(res.body).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    });
  });
});

describe('MCP writes in the all-in-one shape', () => {
  let harness: McpHarness;
  const seen: Array<{ path: string; authorization: string | undefined }> = [];

  beforeAll(async () => {
    harness = await startMcpHarness({
      extraRoutes: (app) => {
        // Plays the gateway + workflow route in the same process: the write comes back to the server the caller reached.
        app.post('/api/workflow/articles/:id/trigger', (req, res) => {
          seen.push({ path: req.path, authorization: req.headers.authorization });
          res.json({ execution_id: 77 });
        });
      },
    });
  });
  afterAll(() => harness.dispose());

  it("sends a low-risk write back through the server the caller reached, with the caller's own token", async () => {
    const token = await harness.token('analyst', 'local-analyst');
    const client = await harness.client(token);
    const result = structured<{ result: unknown }>(await client.callTool({ name: 'trigger_workflow', arguments: { article_id: 5 } }));
    expect(result.result).toEqual({ execution_id: 77 });
    expect(seen).toEqual([{ path: '/api/workflow/articles/5/trigger', authorization: `Bearer ${token}` }]);
  });
});
