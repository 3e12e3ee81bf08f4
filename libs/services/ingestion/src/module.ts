import { Router } from 'express';
import { findScheduledJob, routePrefixesOf } from '@huntforge/contracts';
import { SigmaCorpusStatsReader } from '@huntforge/data';
import { HUNT_REGISTRY_FINGERPRINT } from '@huntforge/scoring';
import { createEmbedder, parseEmbeddingProvider, type Embedder } from '@huntforge/llm';
import type { ComponentHealth, ModuleContext, ServiceModule } from '@huntforge/platform';
import { IngestionConfigError, loadIngestionConfig } from './config';
import { createHostGate } from './fetching/host-gate';
import { createSafeFetch } from './fetching/safe-fetch';
import type { Resolver } from './fetching/url-guard';
import { articlesRouter } from './http/articles-router';
import { searchRouter } from './http/search-router';
import { sourcesRouter } from './http/sources-router';
import { createTesseract, type OcrEngine } from './ocr/tesseract';
import type { IngestionPorts } from './ports';
import { AnnotationRepository } from './repositories/annotation-repository';
import { DailyCountRepository } from './repositories/daily-count-repository';
import { ArticleQueries } from './repositories/article-queries';
import { ArticleRepository } from './repositories/article-repository';
import { CollectionRunRepository } from './repositories/collection-run-repository';
import { SourceRepository } from './repositories/source-repository';
import { defaultSourcesFile } from './sources-file-path';
import { checkAllSources } from './use-cases/collect-source/check-all-sources';
import { CollectionTracker } from './use-cases/collect-source/collection-tracker';
import { failInterruptedRuns } from './use-cases/collect-source/fail-interrupted-runs';
import { rescoreHuntScores } from './use-cases/hunt-scores/rescore-hunt-scores';
import { cleanupOldData } from './use-cases/maintenance/cleanup-old-data';
import { embedNewArticles } from './use-cases/maintenance/embed-new-articles';
import { syncSources as syncSourcesFile } from './use-cases/sources/sync-sources';
import { defaultEvalArticlesFile, seedEvalArticles } from './use-cases/eval-articles/seed-eval-articles';

export interface IngestionModuleOptions {
  /** Environment for the ingestion settings (default process.env). */
  env?: Record<string, string | undefined>;
  /** DNS for outbound fetches (tests play hostile DNS with it). */
  resolver?: Resolver;
  embedder?: Embedder;
  ocr?: OcrEngine;
  now?: () => Date;
  /** Register the scheduled jobs on ctx.scheduler (default true). */
  registerJobs?: boolean;
  /** Store the committed evaluation snapshots under the eval source at start (default true). */
  seedEvalArticles?: boolean;
}

export interface IngestionModule extends ServiceModule {
  /** The ports the module built, for tests and benchmarks that drive use cases directly. */
  readonly ports: IngestionPorts;
  readonly collections: CollectionTracker;
  /** Reads the sources file and creates the sources not stored yet. */
  syncSources(): Promise<{ created: string[]; existing: string[] }>;
}

async function embedderFor(ctx: ModuleContext, provider: string | undefined, model: string | undefined): Promise<Embedder> {
  const parsed = parseEmbeddingProvider(provider);
  if (!parsed) throw new IngestionConfigError(`EMBEDDING_PROVIDER must be builtin, openai or ollama (got ${provider})`);
  return createEmbedder({
    provider: parsed,
    model,
    openAiApiKey: parsed === 'openai' ? await ctx.settings.get('OPENAI_API_KEY') : undefined,
    openAiBaseUrl: parsed === 'openai' ? await ctx.settings.get('OPENAI_BASE_URL') : undefined,
    ollamaHost: parsed === 'ollama' ? await ctx.settings.get('OLLAMA_HOST') : undefined,
  });
}

/** The ingestion service: sources, collection, articles, annotations, search and embeddings. */
export async function createIngestionModule(ctx: ModuleContext, options: IngestionModuleOptions = {}): Promise<IngestionModule> {
  const config = loadIngestionConfig(options.env ?? process.env, defaultSourcesFile());
  const prisma = ctx.db.prisma;
  const ports: IngestionPorts = {
    config,
    logger: ctx.logger,
    bus: ctx.bus,
    settings: ctx.settings,
    sources: new SourceRepository(prisma),
    runs: new CollectionRunRepository(prisma),
    articles: new ArticleRepository(prisma),
    queries: new ArticleQueries(prisma),
    annotations: new AnnotationRepository(prisma),
    corpusStats: new SigmaCorpusStatsReader(prisma),
    dailyCounts: new DailyCountRepository(prisma),
    fetch: createSafeFetch({
      allowPrivateNetworks: config.INGEST_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: config.INGEST_FETCH_TIMEOUT_MS,
      maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
      userAgent: config.INGEST_USER_AGENT,
      resolver: options.resolver,
    }),
    gate: createHostGate(config.INGEST_HOST_DELAY_MS),
    embedder: options.embedder ?? (await embedderFor(ctx, config.EMBEDDING_PROVIDER, config.EMBEDDING_MODEL)),
    ocr: options.ocr ?? createTesseract({ binary: config.TESSERACT_PATH, timeoutMs: config.OCR_TIMEOUT_MS }),
    now: options.now ?? (() => new Date()),
  };
  const collections = new CollectionTracker(ports);
  const deps = { ...ports, collections };

  const router = Router();
  router.use(sourcesRouter(deps));
  router.use(articlesRouter(deps));
  router.use(searchRouter(deps));

  const syncSources = () => syncSourcesFile(ports, { file: config.sourcesFile });

  const job = (id: string) => {
    const definition = findScheduledJob(id);
    if (!definition) throw new Error(`scheduled job ${id} is missing from the catalogue`);
    return { id, cron: definition.defaultCron, editable: definition.editable, enabled: definition.enabledByDefault };
  };

  return {
    name: 'ingestion',
    http: { prefixes: routePrefixesOf('ingestion'), router },
    ports,
    collections,
    syncSources,
    async start() {
      await syncSources();
      if (options.seedEvalArticles !== false) {
        const evalFile = defaultEvalArticlesFile((options.env ?? process.env)['EVAL_ARTICLES_FILE']);
        const seeded = await seedEvalArticles(ports, { file: evalFile });
        if (seeded.created > 0) ctx.logger.info({ file: evalFile, ...seeded }, 'evaluation articles seeded under the eval source');
      }
      // Before the collection jobs start: scores of an older keyword registry are computed again.
      await rescoreHuntScores(ports, { registry: HUNT_REGISTRY_FINGERPRINT, batchSize: 200 });
      await failInterruptedRuns(ports);
      if (options.registerJobs === false) return;
      // Collections may run for minutes; the lease is renewed while they do.
      ctx.scheduler.register({
        ...job('check_all_sources'),
        leaseMs: 120_000,
        run: ({ signal }) => checkAllSources(deps, { signal }),
      });
      ctx.scheduler.register({ ...job('cleanup_old_data'), run: () => cleanupOldData(ports) });
      ctx.scheduler.register({ ...job('embed_new_articles'), leaseMs: 120_000, run: ({ signal }) => embedNewArticles(ports, { signal }) });
    },
    async stop() {
      await collections.stop();
    },
    async health(): Promise<ComponentHealth> {
      const unavailable = await ports.ocr.unavailableReason();
      const ocrWanted = (await ctx.settings.get('OCR_INGEST_ENABLED'))?.trim().toLowerCase() === 'true';
      return {
        // Missing OCR only degrades ingestion when OCR is switched on; collection goes on without it.
        status: unavailable && ocrWanted ? 'degraded' : 'up',
        detail: { ocr: unavailable ? `unavailable: ${unavailable}` : 'available', embedder: ports.embedder.id },
      };
    },
  };
}
