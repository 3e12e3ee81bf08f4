import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import request from 'supertest';
import type { Express } from 'express';
import { scoreHunt } from '@huntforge/scoring';
import { createArticle, type TestContext } from '@huntforge/service-testing';
import { waitFor } from '@huntforge/test-kit';
import { startPipelineServices, type PipelineServices } from './test-support/pipeline-services';

// Every text js-yaml parses in this process (workflow, content filter and queue), to count each rule's parses.
const mockParsedTexts: string[] = [];
jest.mock('js-yaml', () => {
  const actual = jest.requireActual<typeof import('js-yaml')>('js-yaml');
  return {
    ...actual,
    load: (text: string, options?: Parameters<typeof actual.load>[1]) => (mockParsedTexts.push(text), actual.load(text, options)),
    loadAll: (text: string, iterator: null, options?: Parameters<typeof actual.loadAll>[2]) => (
      mockParsedTexts.push(text),
      actual.loadAll(text, iterator, options)
    ),
  };
});
const parsesOf = (yaml: string) => mockParsedTexts.filter((text) => text === yaml || text === yaml.trimEnd()).length;

const fixtures = resolve(__dirname, '../../../fixtures');
const article = (name: string) => readFileSync(join(fixtures, 'eval', name), 'utf8');

interface ExecutionBody {
  execution_id: number;
  status: string;
  error: string | null;
  termination_reason: string | null;
  platform_detection: { os: string } | null;
  rank_score: number | null;
  extraction_result: {
    discrete_huntables_count: number;
    observables: Array<{ type: string; value: string }>;
    subresults: Record<string, { status: string; skip_reason?: { code: string } }>;
  } | null;
  sigma_rules: StoredRule[];
  coverage: {
    corpus_rules: number;
    covered: Array<{ observable: string; rules: Array<{ rule_id: string; title: string }> }>;
    uncovered: string[];
  } | null;
  stages: Array<{ stage: string; status: string }>;
}

interface StoredRule {
  source: string;
  rule: { title: string; logsource?: Record<string, string>; detection?: Record<string, unknown> } | null;
  telemetry_class?: string;
  title: string | null;
  yaml: string;
  validation: { valid: boolean; findings: unknown[] };
  fidelity?: { ok: boolean };
  self_test?: { fires: boolean; events: number; fired_on: string[]; baseline?: { events: number; fires: number } };
  queue: { outcome: string; queue_id?: number; status?: string };
  similarity?: { max_similarity: number };
  covered_by?: Array<{ rule_id: string }>;
}

describe('pipeline end to end: workflow, content filter and sigma queue composed as in all-in-one (builtin provider)', () => {
  let ctx: TestContext;
  let services: PipelineServices;
  let app: Express;
  const customerRepo = mkdtempSync(join(tmpdir(), 'hf-customer-rules-'));

  beforeAll(async () => {
    services = await startPipelineServices({ sigmaQueue: { SIGMA_REPO_PATH: customerRepo }, workflow: { EXECUTION_HEARTBEAT_MS: '200' } });
    ({ ctx, app } = services);
  });
  afterAll(() => services.stop());

  async function ingest(file: string): Promise<number> {
    const markdown = article(file);
    const title = /^title:\s*"?(.+?)"?\s*$/m.exec(markdown)?.[1] ?? file;
    const row = await createArticle(ctx.db.prisma, { title, content: markdown, huntScore: scoreHunt(markdown).score });
    return row.id;
  }

  async function run(file: string) {
    mockParsedTexts.length = 0;
    const articleId = await ingest(file);
    const triggered = await request(app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
    const id = triggered.body.execution_id as number;
    let body: ExecutionBody | null = null;
    await waitFor(
      `execution ${id} to finish`,
      async () => {
        body = (await request(app).get(`/api/workflow/executions/${id}`).expect(200)).body as ExecutionBody;
        return ['completed', 'failed', 'cancelled'].includes(body.status);
      },
      60_000,
    );
    const row = body as unknown as ExecutionBody;
    return { row, rules: row.sigma_rules, stages: row.stages.map((stage) => `${stage.stage}:${stage.status}`) };
  }

  it('turns a Windows intrusion into valid, queued Sigma rules through every stage', async () => {
    const { row, rules, stages } = await run('01-win-qbot-to-cobaltstrike.md');
    expect(row.error).toBeNull();
    expect(row).toMatchObject({ status: 'completed', termination_reason: null });
    expect(stages).toEqual([
      'source_sigma_import:skipped',
      'platform_detection:completed',
      'junk_filter:completed',
      'ranking:completed',
      'extraction:completed',
      'aggregation:completed',
      'coverage:completed',
      'sigma_generation:completed',
      'similarity:completed',
    ]);
    // No reference rule is indexed yet: every observable is uncovered.
    expect(row.coverage).toMatchObject({ corpus_rules: 0, covered: [] });
    expect(row.coverage?.uncovered.length).toBe(row.extraction_result?.observables.length);
    expect(row.platform_detection).toMatchObject({ os: 'windows' });
    expect(row.rank_score).toBeGreaterThanOrEqual(6);
    const result = row.extraction_result ?? { discrete_huntables_count: 0, observables: [] };
    expect(result.discrete_huntables_count).toBeGreaterThan(5);
    expect(result.observables.some((o) => o.type === 'ipv4' && o.value === '185.220.101.47')).toBe(true);
    const generated = rules.filter((rule) => rule.source === 'generated');
    expect(generated.length).toBeGreaterThan(1);
    for (const rule of generated) {
      // Built as an object, stored typed, written as YAML once and never parsed back.
      expect(rule.rule?.title).toBe(rule.title);
      expect(parsesOf(rule.yaml)).toBe(0);
      expect(rule.validation).toMatchObject({ valid: true });
      expect(rule.fidelity?.ok).toBe(true);
      expect(rule.self_test?.fires).toBe(true);
      expect(rule.self_test?.fired_on.length).toBeGreaterThan(0);
      expect(rule.self_test?.baseline?.events).toBeGreaterThanOrEqual(3000);
      expect(rule.queue).toMatchObject({ outcome: 'queued', status: 'pending' });
    }
    const list = await request(app).get(`/api/sigma-queue/list?workflow_execution_id=${row.execution_id}`).expect(200);
    const queued = list.body.items as Array<{ queue_id: number; source: string }>;
    expect(queued.map((item) => item.queue_id).sort()).toEqual(generated.map((rule) => rule.queue.queue_id).sort());
    expect(queued.every((item) => item.source === 'generated')).toBe(true);
    // The queue shows each rule's self-test as the workflow ran it.
    const first = await request(app).get(`/api/sigma-queue/${queued[0]?.queue_id}`).expect(200);
    expect(first.body.self_test).toMatchObject({ fires: true, baseline: { events: expect.any(Number) } });
    expect(first.body.self_test.fired_on.length).toBeGreaterThan(0);
  });

  it('drops only the rule that duplicates a reference rule and links the others to the items the first run queued', async () => {
    const first = await run('12-win-lolbin-chain.md');
    // The article's own rule is parsed once in the whole run (workflow and queue together); generated ones never.
    const publisher = first.rules.filter((rule) => rule.source === 'publisher');
    expect(publisher.length).toBeGreaterThan(0);
    for (const rule of first.rules) expect(parsesOf(rule.yaml)).toBe(rule.source === 'publisher' ? 1 : 0);
    expect(publisher[0]?.rule?.title).toBe(publisher[0]?.title);
    const generated = first.rules.filter((rule) => rule.source === 'generated');
    expect(generated.length).toBeGreaterThan(1);
    const duplicate = generated[0] as StoredRule;
    const reference = {
      ...(load(duplicate.yaml) as Record<string, unknown>),
      id: '0f6c2a34-9b1d-4c7e-8a55-3d2e1f0a9b7c',
      title: 'Customer rule for the same behaviour',
    };
    writeFileSync(join(customerRepo, 'customer-rule.yml'), JSON.stringify(reference));
    const indexed = await ctx.scheduler.runNow('index_customer_repo');
    expect(indexed.outcome).toBe('succeeded');

    const second = await run('12-win-lolbin-chain.md');
    const byTitle = new Map(second.rules.filter((r) => r.source === 'generated').map((rule) => [rule.title, rule]));
    expect(byTitle.get(duplicate.title)?.queue.outcome).toBe('duplicate');
    expect(byTitle.get(duplicate.title)?.similarity?.max_similarity).toBeGreaterThanOrEqual(0.5);
    const others = [...byTitle.values()].filter((rule) => rule.title !== duplicate.title);
    expect(others.length).toBeGreaterThan(0);
    const firstQueueIds = new Map(generated.map((rule) => [rule.title, rule.queue.queue_id]));
    for (const rule of others) {
      expect(rule.queue).toMatchObject({ outcome: 'linked', queue_id: firstQueueIds.get(rule.title) });
    }
    const list = await request(app).get(`/api/sigma-queue/list?workflow_execution_id=${second.row.execution_id}`).expect(200);
    expect(list.body.items).toEqual([]);
    // The indexed customer rule now covers the observables its copy was made from.
    const covering = second.row.coverage?.covered.filter((entry) => entry.rules.some((rule) => rule.rule_id === reference.id)) ?? [];
    expect(covering.length).toBeGreaterThan(0);
  });

  it('marks a generated rule whose behaviour a reference rule already detects as covered, and queues it for review with the link', async () => {
    // The customer's rule fires on the same command but keys on more than the generated one does (the dump type),
    // so the generated rule is not a copy of it (a rule keyed on exactly comsvcs and MiniDump would be a duplicate).
    const customer = {
      title: 'Full process dump through comsvcs MiniDump',
      id: '5b0c7f7e-6c1a-4d8e-9e51-0a7f3e2b1c44',
      status: 'test',
      logsource: { category: 'process_creation', product: 'windows' },
      detection: { selection: { 'CommandLine|contains|all': ['comsvcs', 'MiniDump', 'full'] }, condition: 'selection' },
      level: 'high',
    };
    writeFileSync(join(customerRepo, 'comsvcs-minidump.yml'), JSON.stringify(customer));
    expect((await ctx.scheduler.runNow('index_customer_repo')).outcome).toBe('succeeded');

    const { row } = await run('20-win-servicedll-espionage.md');
    expect(row.status).toBe('completed');
    const minidump = row.coverage?.covered.find((entry) => entry.observable.includes('MiniDump'));
    expect(minidump?.rules.map((rule) => rule.rule_id)).toContain(customer.id);
    expect(row.coverage?.uncovered.length).toBeGreaterThan(0);
    const covered = row.sigma_rules.filter(
      (rule) => rule.source === 'generated' && (rule.covered_by ?? []).some((c) => c.rule_id === customer.id),
    );
    expect(covered.length).toBeGreaterThan(0);
    // Rules for uncovered behaviour come first.
    const generated = row.sigma_rules.filter((rule) => rule.source === 'generated');
    expect(generated.findIndex((rule) => (rule.covered_by ?? []).length > 0)).toBeGreaterThanOrEqual(
      generated.filter((rule) => (rule.covered_by ?? []).length === 0).length,
    );
    const queued = covered.filter((r) => r.queue.outcome === 'queued');
    expect(queued.length).toBeGreaterThan(0);
    for (const rule of queued) {
      expect(rule.queue.status).toBe('needs_review');
      const item = await request(app).get(`/api/sigma-queue/${rule.queue.queue_id}`).expect(200);
      expect(item.body.covered_by.map((c: { rule_id: string }) => c.rule_id)).toContain(customer.id);
    }
  });

  it('routes a Linux article: Windows-only extractors skipped with reason records, the article still proceeds', async () => {
    const { row } = await run('05-linux-cryptominer-docker.md');
    expect(row.status).toBe('completed');
    expect(row.platform_detection).toMatchObject({ os: 'linux' });
    const subresults = row.extraction_result?.subresults ?? {};
    for (const key of ['registry_keys', 'services', 'scheduled_tasks']) {
      expect(subresults[key]).toMatchObject({ status: 'skipped', skip_reason: { code: 'platform_not_windows' } });
    }
    expect(subresults['cmdline']?.status).toBe('completed');
  });

  it('ends a marketing article early as completed with no_huntable_content or rank_below_threshold', async () => {
    const { row, stages } = await run('10-junk-platform-launch.md');
    expect(row.status).toBe('completed');
    expect(['no_huntable_content', 'rank_below_threshold']).toContain(row.termination_reason);
    expect(stages).not.toContain('extraction:completed');
    expect(row.sigma_rules).toEqual([]);
  });
});
