import { Router } from 'express';
import { hostname } from 'node:os';
import {
  busReplyError,
  findScheduledJob,
  REQUEST_KEYS,
  routePrefixesOf,
  sigmaSimilarityBusRequestSchema,
  type SigmaSimilarityBusResponse,
} from '@huntforge/contracts';
import type { Subscription } from '@huntforge/bus';
import type { HostResolver } from '@huntforge/outbound';
import type { ModuleContext, ServiceModule } from '@huntforge/platform';
import { ArticleTextReader } from '@huntforge/data';
import { loadSigmaQueueConfig } from './config';
import { CorpusIndex } from './corpus/corpus-index';
import { handleCoverage } from './corpus/coverage-responder';
import { indexCustomerRepo, syncReferenceRules, type CorpusJobDeps } from './corpus/sync-jobs';
import { createLlmRuleEnricher } from './enrichment/llm-enricher';
import { builtinRuleEnricher, type RuleEnricher } from './enrichment/rule-enricher';
import { backtestRouter } from './http/backtest-router';
import { queueRouter, type QueueRouterDeps } from './http/queue-router';
import { telemetryRouter } from './http/telemetry-router';
import type { DatasetDeps } from './backtest/dataset-deps';
import { TelemetryDatasetRepository } from './repositories/telemetry-dataset-repository';
import { sigmaRouter } from './http/sigma-router';
import { ConversationRepository } from './repositories/conversation-repository';
import { QueueRepository } from './repositories/queue-repository';
import { QueueSimilarity } from './similarity/queue-similarity';
import { ReferenceRuleRepository } from './repositories/reference-rule-repository';
import { handleEnqueue } from './queue/enqueue-responder';
import { searchSimilar } from './similarity/search-similar';

export interface SigmaQueueModuleOptions {
  /** Environment for sigma-queue's own variables (default process.env). */
  env?: Record<string, string | undefined>;
  /** Enrichment providers by name; `builtin` is always present and is the default. */
  enrichers?: RuleEnricher[];
  defaultProvider?: string;
  /** Name → addresses for GitHub connections and their check (tests inject one); default the system resolver. */
  githubResolve?: HostResolver;
}

const SYNC_JOB = 'sync_sigma_rules';
const CUSTOMER_JOB = 'index_customer_repo';

/** The sigma-queue service: the Sigma reference corpus, similarity and the review queue. */
export function createSigmaQueueModule(ctx: ModuleContext, options: SigmaQueueModuleOptions = {}): ServiceModule {
  const config = loadSigmaQueueConfig(options.env ?? process.env, ctx.config.dataDir);
  const rules = new ReferenceRuleRepository(ctx.db.prisma);
  const index = new CorpusIndex(rules, ctx.logger);
  const enrichers = new Map<string, RuleEnricher>([[builtinRuleEnricher.provider, builtinRuleEnricher]]);
  // Model providers of libs/llm, configured from the runtime settings when a request names them.
  const env = options.env ?? process.env;
  for (const provider of ['openai', 'anthropic', 'ollama', 'codex'] as const) {
    enrichers.set(
      provider,
      createLlmRuleEnricher(provider, {
        settings: ctx.settings,
        factory: { codexPath: env['CODEX_PATH'] },
        timeoutMs: config.enrichmentTimeoutMs,
      }),
    );
  }
  for (const enricher of options.enrichers ?? []) enrichers.set(enricher.provider, enricher);
  const queue = new QueueRepository(ctx.db.prisma);
  ctx.metrics?.gaugeAtScrape({
    name: 'huntforge_sigma_queue_items',
    help: 'Sigma review-queue items, by status (read at scrape time).',
    labelNames: ['status'],
    collect: async () => (await queue.countByStatus()).map(({ status, count }) => ({ labels: { status }, value: count })),
  });
  const deps: QueueRouterDeps = {
    queue,
    queueSimilarity: new QueueSimilarity(queue),
    conversations: new ConversationRepository(ctx.db.prisma),
    articles: new ArticleTextReader(ctx.db.prisma),
    index,
    bus: ctx.bus,
    logger: ctx.logger,
    enrichers,
    defaultProvider: options.defaultProvider ?? builtinRuleEnricher.provider,
    settings: ctx.settings,
    rulesDir: config.githubRulesDir,
    // The environment this module runs with is the operator's: its opt-in and its GITHUB_API_URL decide.
    githubGuard: { operatorEnv: env, resolve: options.githubResolve },
  };
  const jobDeps: CorpusJobDeps = { config, rules, index, locks: ctx.db.repos.jobLocks, holder: `${hostname()}:${process.pid}:sigma-queue` };

  const router = Router();
  router.use(sigmaRouter({ index, rules, settings: ctx.settings }));
  router.use(queueRouter(deps));
  const datasetDeps: DatasetDeps = {
    datasets: new TelemetryDatasetRepository(ctx.db.prisma),
    limits: config.datasetLimits,
    now: () => new Date(),
  };
  router.use(telemetryRouter(datasetDeps));
  router.use(backtestRouter({ ...datasetDeps, queue }));
  let responders: Subscription[] = [];

  return {
    name: 'sigma-queue',
    http: { prefixes: routePrefixesOf('sigma-queue'), router },
    async start() {
      for (const [id, run] of [
        [SYNC_JOB, (signal: AbortSignal) => syncReferenceRules(jobDeps, signal)],
        [CUSTOMER_JOB, (signal: AbortSignal) => indexCustomerRepo(jobDeps, signal)],
      ] as const) {
        const definition = findScheduledJob(id);
        if (!definition) throw new Error(`scheduled job ${id} is missing from SCHEDULED_JOBS`);
        ctx.scheduler.register({
          id,
          cron: definition.defaultCron,
          editable: definition.editable,
          enabled: definition.enabledByDefault,
          leaseMs: 5 * 60_000,
          run: ({ signal }) => run(signal),
        });
      }
      const similarity = await ctx.bus.respond<unknown, SigmaSimilarityBusResponse>(REQUEST_KEYS.sigmaSimilaritySearch, async (payload) => {
        const parsed = sigmaSimilarityBusRequestSchema.safeParse(payload);
        if (!parsed.success) return busReplyError('validation_error', parsed.error.message);
        try {
          return { ok: true, ...(await searchSimilar(index, parsed.data.rule_yaml, parsed.data.top)) };
        } catch (error) {
          return busReplyError('invalid_sigma', error instanceof Error ? error.message : String(error));
        }
      });
      const enqueue = await ctx.bus.respond(REQUEST_KEYS.sigmaQueueEnqueue, (payload) => handleEnqueue(deps, payload));
      const coverage = await ctx.bus.respond(REQUEST_KEYS.sigmaCorpusCoverage, (payload) => handleCoverage(index, payload));
      responders = [similarity, enqueue, coverage];
    },
    async stop() {
      await Promise.all(responders.map((subscription) => subscription.cancel()));
      responders = [];
    },
  };
}
