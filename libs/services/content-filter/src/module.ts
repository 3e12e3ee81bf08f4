import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import type { Subscription } from '@huntforge/bus';
import { routePrefixesOf } from '@huntforge/contracts';
import type { ComponentHealth, ModuleContext, ServiceModule } from '@huntforge/platform';
import { ArticleTextReader } from '@huntforge/data';
import { DatabaseArtifactStore } from './artifacts/database-artifact-store';
import { importLocalArtifacts } from './artifacts/import-local-artifacts';
import { LocalArtifactFiles } from './artifacts/local-artifact-files';
import { FixtureSets, resolveFixturesDir } from './artifacts/fixtures';
import { BackgroundTasks } from './background-tasks';
import { loadContentFilterConfig } from './config';
import { startResponders } from './consumers/responders';
import { articlesRouter } from './http/articles-router';
import { feedbackRouter } from './http/feedback-router';
import { modelRouter } from './http/model-router';
import { LiveModel } from './model/live-model';
import { warmCurrentModel } from './model/warm/warm-current-model';
import type { ContentFilterPorts } from './ports';
import { AnnotationReader } from './repositories/annotation-reader';
import { ChunkAnalysisRepository } from './repositories/chunk-analysis-repository';
import { ChunkDebugProgressRepository } from './repositories/chunk-debug-progress-repository';
import { FeedbackRepository } from './repositories/feedback-repository';
import { ModelArtifactRepository } from './repositories/model-artifact-repository';
import { ModelVersionRepository } from './repositories/model-version-repository';
import { RetrainRunRepository } from './repositories/retrain-run-repository';
import { RetrainCoordinator } from './retrain/retrain-coordinator';

export interface ContentFilterModuleOptions {
  /** Environment for the service's own variables (default process.env). */
  env?: Record<string, string | undefined>;
  /** Overrides where this replica keeps its local copies of model artifacts (the database holds the shared ones). */
  artifactsDir?: string;
  /** Overrides where seed/ and eval/ are read from. */
  fixturesDir?: string;
}

/**
 * Local artifact copies (a cache and a retrain's scratch space; the database holds the shared artifacts):
 * explicit option → CONTENT_FILTER_ARTIFACTS_DIR → DATA_DIR/content-filter → a temporary
 * folder removed on stop when running under jest without DATA_DIR (in-memory tests) → the platform's
 * data dir (its default `.data`, beside the embedded database).
 */
function resolveArtifacts(ctx: ModuleContext, options: ContentFilterModuleOptions, env: Record<string, string | undefined>) {
  const config = loadContentFilterConfig(env);
  const chosen = options.artifactsDir ?? config.artifactsDir ?? (config.dataDir ? join(config.dataDir, 'content-filter') : undefined);
  if (chosen) return { config, dir: chosen, temporary: false };
  if (env['JEST_WORKER_ID']) return { config, dir: mkdtempSync(join(tmpdir(), 'huntforge-content-filter-')), temporary: true };
  return { config, dir: join(ctx.config.dataDir, 'content-filter'), temporary: false };
}

/** The content-filter service: the junk-filter model, chunk debug, OS detection, feedback, retraining and versions. */
export function createContentFilterModule(ctx: ModuleContext, options: ContentFilterModuleOptions = {}): ServiceModule {
  return composeContentFilter(ctx, options).module;
}

/** Latency of each model call (the chunks of one article or a batch), for /metrics. */
function inferenceMetric(ctx: ModuleContext): ((seconds: number, vectors: number) => void) | undefined {
  const histogram = ctx.metrics?.histogram({
    name: 'huntforge_model_inference_duration_seconds',
    help: 'Time the content-filter model took to score one batch of chunks.',
    labelNames: ['model'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  return histogram ? (seconds) => histogram.observe({ model: 'junk_filter' }, seconds) : undefined;
}

/** The module and the ports behind it (tests drive use cases directly through `ports`). */
export function composeContentFilter(
  ctx: ModuleContext,
  options: ContentFilterModuleOptions = {},
): { module: ServiceModule; ports: ContentFilterPorts } {
  const env = options.env ?? process.env;
  const { config, dir, temporary } = resolveArtifacts(ctx, options, env);
  const prisma = ctx.db.prisma;
  const store = new DatabaseArtifactStore(new ModelArtifactRepository(prisma), new LocalArtifactFiles(dir), ctx.logger);
  const versions = new ModelVersionRepository(prisma);
  const ports: ContentFilterPorts = {
    config,
    logger: ctx.logger,
    bus: ctx.bus,
    settings: ctx.settings,
    locks: ctx.db.repos.jobLocks,
    holder: `content-filter-${randomUUID()}`,
    store,
    fixtures: new FixtureSets(resolveFixturesDir(options.fixturesDir ?? config.fixturesDir)),
    model: new LiveModel(store, versions, ctx.logger, undefined, inferenceMetric(ctx)),
    articles: new ArticleTextReader(prisma),
    annotations: new AnnotationReader(prisma),
    analyses: new ChunkAnalysisRepository(prisma),
    progress: new ChunkDebugProgressRepository(prisma),
    feedback: new FeedbackRepository(prisma),
    versions,
    runs: new RetrainRunRepository(prisma),
    background: new BackgroundTasks(ctx.logger),
  };
  const retrains = new RetrainCoordinator(ports);
  const router = Router();
  router.use(articlesRouter(ports), feedbackRouter(ports), modelRouter(ports, retrains));
  let subscriptions: Subscription[] = [];

  const module: ServiceModule = {
    name: 'content-filter',
    http: { prefixes: routePrefixesOf('content-filter'), router },
    async start() {
      if (!ports.fixtures.dir) ctx.logger.warn('content-filter: fixtures/content-filter not found; no seed or curated eval set');
      await importLocalArtifacts(ports);
      const first = await retrains.bootstrap();
      if (first)
        ctx.logger.info(
          { version: first.new_version, success: first.success, message: first.message },
          'content-filter: first start trained the seed model',
        );
      subscriptions = await startResponders(ports);
      // Load the current model now rather than on the first classification; failures are logged, and `get` retries on demand.
      void ports.background.run('load-current-model', () => warmCurrentModel(ports));
    },
    async stop() {
      await Promise.all(subscriptions.map((subscription) => subscription.cancel()));
      subscriptions = [];
      await ports.background.drain();
      await ports.model.clear();
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
    async health(): Promise<ComponentHealth> {
      const current = await versions.findCurrent();
      return current
        ? { status: 'up', detail: { model_version: current.version } }
        : { status: 'degraded', detail: { reason: 'no model version yet' } };
    },
  };
  return { module, ports };
}
