import { Router } from 'express';
import { hostname } from 'node:os';
import { findScheduledJob, routePrefixesOf } from '@huntforge/contracts';
import type { Subscription } from '@huntforge/bus';
import type { HostResolver } from '@huntforge/outbound';
import type { ModuleContext, ServiceModule } from '@huntforge/platform';
import { ArticleTextReader } from '@huntforge/data';
import { loadSigmaQueueConfig } from './config';
import { startResponders } from './consumers/responders';
import { CorpusIndex } from './corpus/corpus-index';
import { indexCustomerRepo, syncReferenceRules } from './corpus/sync-jobs';
import { createLlmRuleEnricher } from './enrichment/llm-enricher';
import { builtinRuleEnricher, type RuleEnricher } from './enrichment/rule-enricher';
import { backtestRouter } from './http/backtest-router';
import { queueRouter } from './http/queue-router';
import { sigmaRouter } from './http/sigma-router';
import { telemetryRouter } from './http/telemetry-router';
import type { SigmaQueuePorts } from './ports';
import { ConversationRepository } from './repositories/conversation-repository';
import { QueueRepository } from './repositories/queue-repository';
import { ReferenceRuleRepository } from './repositories/reference-rule-repository';
import { TelemetryDatasetRepository } from './repositories/telemetry-dataset-repository';
import { QueueSimilarity } from './similarity/queue-similarity';

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
  const env = options.env ?? process.env;
  const config = loadSigmaQueueConfig(env, ctx.config.dataDir);
  const rules = new ReferenceRuleRepository(ctx.db.prisma);
  const queue = new QueueRepository(ctx.db.prisma);
  const ports: SigmaQueuePorts = {
    config,
    logger: ctx.logger,
    bus: ctx.bus,
    settings: ctx.settings,
    locks: ctx.db.repos.jobLocks,
    holder: `${hostname()}:${process.pid}:sigma-queue`,
    rules,
    index: new CorpusIndex(rules, ctx.logger),
    queue,
    queueSimilarity: new QueueSimilarity(queue),
    conversations: new ConversationRepository(ctx.db.prisma),
    articles: new ArticleTextReader(ctx.db.prisma),
    enrichers: enrichersOf(ctx, options, config.enrichmentTimeoutMs),
    defaultProvider: options.defaultProvider ?? builtinRuleEnricher.provider,
    rulesDir: config.githubRulesDir,
    // The environment this module runs with is the operator's: its opt-in and its GITHUB_API_URL decide.
    githubGuard: { operatorEnv: env, resolve: options.githubResolve },
    datasets: new TelemetryDatasetRepository(ctx.db.prisma),
    limits: config.datasetLimits,
    now: () => new Date(),
  };
  ctx.metrics?.gaugeAtScrape({
    name: 'huntforge_sigma_queue_items',
    help: 'Sigma review-queue items, by status (read at scrape time).',
    labelNames: ['status'],
    collect: async () => (await queue.countByStatus()).map(({ status, count }) => ({ labels: { status }, value: count })),
  });

  const router = Router();
  router.use(sigmaRouter(ports), queueRouter(ports), telemetryRouter(ports), backtestRouter(ports));
  let responders: Subscription[] = [];

  return {
    name: 'sigma-queue',
    http: { prefixes: routePrefixesOf('sigma-queue'), router },
    async start() {
      for (const [id, run] of [
        [SYNC_JOB, (signal: AbortSignal) => syncReferenceRules(ports, signal)],
        [CUSTOMER_JOB, (signal: AbortSignal) => indexCustomerRepo(ports, signal)],
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
      responders = await startResponders(ports);
    },
    async stop() {
      await Promise.all(responders.map((subscription) => subscription.cancel()));
      responders = [];
    },
  };
}

/** The builtin enricher, the model providers of libs/llm (configured from the runtime settings when a request names them), and the options' own. */
function enrichersOf(ctx: ModuleContext, options: SigmaQueueModuleOptions, timeoutMs: number): Map<string, RuleEnricher> {
  const env = options.env ?? process.env;
  const enrichers = new Map<string, RuleEnricher>([[builtinRuleEnricher.provider, builtinRuleEnricher]]);
  for (const provider of ['openai', 'anthropic', 'ollama', 'codex'] as const) {
    enrichers.set(
      provider,
      createLlmRuleEnricher(provider, { settings: ctx.settings, factory: { codexPath: env['CODEX_PATH'] }, timeoutMs }),
    );
  }
  for (const enricher of options.enrichers ?? []) enrichers.set(enricher.provider, enricher);
  return enrichers;
}
