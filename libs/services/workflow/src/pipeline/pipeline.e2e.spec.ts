import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { scoreHunt } from '@huntforge/scoring';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createContentFilterModule } from '@huntforge/service-content-filter';
import { createSigmaQueueModule } from '@huntforge/service-sigma-queue';
import type { ServiceModule } from '@huntforge/platform';
import { waitFor } from '@huntforge/testing';
import { createExecutionsPart, type ExecutionsPart } from '../executions/executions-part';
import { ExecutionRepository } from '../executions/execution-repository';
import { triggerExecution, type ExecutionCommandDeps } from '../executions/execution-commands';
import { loadExecutionSettings } from '../executions/execution-config';
import { createActiveConfigSource } from '../config/active-config';
import { loadDefaultPrompts } from '../prompts/default-prompts';
import { resolveFixturesDir } from '../service-config';
import { loadModelCapabilities } from '@huntforge/llm';

const fixtures = resolveFixturesDir();
const article = (name: string) => readFileSync(join(fixtures, 'eval', name), 'utf8');

interface StoredRule {
  source: string;
  telemetry_class?: string;
  title: string | null;
  yaml: string;
  validation: { valid: boolean; findings: unknown[] };
  fidelity?: { ok: boolean };
  queue: { outcome: string; queue_id?: number; status?: string };
  similarity?: { max_similarity: number };
}

describe('workflow pipeline end to end (builtin provider, content filter and sigma queue in-process)', () => {
  let ctx: TestContext;
  let modules: ServiceModule[];
  let executions: ExecutionsPart;
  let deps: ExecutionCommandDeps;
  const customerRepo = mkdtempSync(join(tmpdir(), 'hf-customer-rules-'));

  beforeAll(async () => {
    ctx = await createTestContext({ service: 'workflow', env: { SIGMA_REPO_PATH: customerRepo } });
    const prompts = loadDefaultPrompts(fixtures);
    modules = [
      createContentFilterModule(ctx, { env: {} }),
      createSigmaQueueModule(ctx, { env: { SIGMA_REPO_PATH: customerRepo } }),
    ];
    executions = createExecutionsPart(ctx, {
      env: { EXECUTION_HEARTBEAT_MS: '200' },
      defaultPrompt: (agent) => prompts.prompt(agent as Parameters<typeof prompts.prompt>[0]),
      sigmaTemplate: () => prompts.userTemplate('SigmaAgent') ?? '',
      capabilities: () => loadModelCapabilities(join(fixtures, 'models', 'model-capabilities.json')),
      llmTimeoutMs: 10_000,
    });
    for (const module of modules) await module.start();
    await executions.start();
    deps = {
      prisma: ctx.db.prisma,
      repo: new ExecutionRepository(ctx.db.prisma),
      bus: ctx.bus,
      logger: ctx.logger,
      config: createActiveConfigSource(ctx.db.prisma),
      timings: loadExecutionSettings({}),
    };
  });
  afterAll(async () => {
    await executions.stop();
    for (const module of [...modules].reverse()) await module.stop();
    await ctx.dispose();
  });

  async function ingest(file: string): Promise<number> {
    const markdown = article(file);
    const title = /^title:\s*"?(.+?)"?\s*$/m.exec(markdown)?.[1] ?? file;
    const source = await ctx.db.prisma.source.upsert({
      where: { identifier: 'e2e' },
      update: {},
      create: { identifier: 'e2e', name: 'e2e', url: 'https://blog.example.org/feed', kind: 'rss' },
    });
    const url = `https://blog.example.org/${file}-${Date.now()}`;
    const row = await ctx.db.prisma.article.create({
      data: {
        sourceId: source.id,
        url,
        canonicalUrl: url,
        title,
        content: markdown,
        contentHash: `${file}-${Date.now()}`.padEnd(64, '0').slice(0, 64),
        simhash: BigInt(0),
        simhashBands: [],
        huntScore: scoreHunt(markdown).score,
      },
    });
    return row.id;
  }

  async function run(file: string) {
    const articleId = await ingest(file);
    const { execution } = await triggerExecution(deps, articleId, { force: true, triggeredBy: 'manual' });
    await waitFor(`execution ${execution.id} to finish`, async () => {
      const row = await deps.repo.find(execution.id);
      return row !== null && ['completed', 'failed', 'cancelled'].includes(row.status);
    }, 60_000);
    const row = await deps.repo.findWithStages(execution.id);
    if (!row) throw new Error('execution vanished');
    return { row, rules: (row.sigmaRules ?? []) as unknown as StoredRule[], stages: row.stages.map((stage) => `${stage.stage}:${stage.status}`) };
  }

  it('turns a Windows intrusion into valid, queued Sigma rules through every stage', async () => {
    const { row, rules, stages } = await run('01-win-qbot-to-cobaltstrike.md');
    expect(row.error).toBeNull();
    expect(row).toMatchObject({ status: 'completed', terminationReason: null });
    expect(stages).toEqual([
      'source_sigma_import:skipped',
      'platform_detection:completed',
      'junk_filter:completed',
      'ranking:completed',
      'extraction:completed',
      'aggregation:completed',
      'sigma_generation:completed',
      'similarity:completed',
    ]);
    expect(row.platformDetection).toMatchObject({ os: 'windows' });
    expect(row.rankScore).toBeGreaterThanOrEqual(6);
    const result = row.extractionResult as { discrete_huntables_count: number; observables: Array<{ type: string; value: string }> };
    expect(result.discrete_huntables_count).toBeGreaterThan(5);
    expect(result.observables.some((o) => o.type === 'ipv4' && o.value === '185.220.101.47')).toBe(true);
    const generated = rules.filter((rule) => rule.source === 'generated');
    expect(generated.length).toBeGreaterThan(1);
    for (const rule of generated) {
      expect(rule.validation).toMatchObject({ valid: true });
      expect(rule.fidelity?.ok).toBe(true);
      expect(rule.queue.outcome).toBe('queued');
    }
    const queued = await ctx.db.prisma.sigmaQueueItem.findMany({ where: { workflowExecutionId: row.id } });
    expect(queued.map((item) => item.id).sort()).toEqual(generated.map((rule) => rule.queue.queue_id).sort());
    expect(queued.every((item) => item.source === 'generated')).toBe(true);
  });

  it('drops only the rule that duplicates a reference rule and queues the others', async () => {
    const first = await run('12-win-lolbin-chain.md');
    const generated = first.rules.filter((rule) => rule.source === 'generated');
    expect(generated.length).toBeGreaterThan(1);
    const duplicate = generated[0] as StoredRule;
    const reference = { ...(load(duplicate.yaml) as Record<string, unknown>), id: '0f6c2a34-9b1d-4c7e-8a55-3d2e1f0a9b7c', title: 'Customer rule for the same behaviour' };
    writeFileSync(join(customerRepo, 'customer-rule.yml'), JSON.stringify(reference));
    const indexed = await ctx.scheduler.runNow('index_customer_repo');
    expect(indexed.outcome).toBe('succeeded');

    const second = await run('12-win-lolbin-chain.md');
    const byTitle = new Map(second.rules.filter((r) => r.source === 'generated').map((rule) => [rule.title, rule]));
    expect(byTitle.get(duplicate.title)?.queue.outcome).toBe('duplicate');
    expect(byTitle.get(duplicate.title)?.similarity?.max_similarity).toBeGreaterThanOrEqual(0.5);
    const others = [...byTitle.values()].filter((rule) => rule.title !== duplicate.title);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((rule) => rule.queue.outcome === 'queued')).toBe(true);
  });

  it('routes a Linux article: Windows-only extractors skipped with reason records, the article still proceeds', async () => {
    const { row } = await run('05-linux-cryptominer-docker.md');
    expect(row.status).toBe('completed');
    expect(row.platformDetection).toMatchObject({ os: 'linux' });
    const subresults = (row.extractionResult as { subresults: Record<string, { status: string; skip_reason?: { code: string } }> }).subresults;
    for (const key of ['registry_keys', 'services', 'scheduled_tasks']) {
      expect(subresults[key]).toMatchObject({ status: 'skipped', skip_reason: { code: 'platform_not_windows' } });
    }
    expect(subresults['cmdline']?.status).toBe('completed');
  });

  it('ends a marketing article early as completed with no_huntable_content or rank_below_threshold', async () => {
    const { row, stages } = await run('10-junk-platform-launch.md');
    expect(row.status).toBe('completed');
    expect(['no_huntable_content', 'rank_below_threshold']).toContain(row.terminationReason);
    expect(stages).not.toContain('extraction:completed');
    expect(row.sigmaRules).toEqual([]);
  });
});
