import type { SigmaCorpusStatsReader } from '@huntforge/data';
import type { Embedder } from '@huntforge/llm';
import type { ModuleContext } from '@huntforge/platform';
import type { IngestionConfig } from './config';
import type { HostGate } from './fetching/host-gate';
import type { SafeFetch } from './fetching/safe-fetch';
import type { OcrEngine } from './ocr/tesseract';
import type { AnnotationRepository } from './repositories/annotation-repository';
import type { DailyCountRepository } from './repositories/daily-count-repository';
import type { ArticleQueries } from './repositories/article-queries';
import type { ArticleRepository } from './repositories/article-repository';
import type { CollectionRunRepository } from './repositories/collection-run-repository';
import type { SourceRepository } from './repositories/source-repository';

/** Everything the use cases need, built once by the module. */
export interface IngestionDeps {
  ctx: ModuleContext;
  config: IngestionConfig;
  sources: SourceRepository;
  runs: CollectionRunRepository;
  articles: ArticleRepository;
  queries: ArticleQueries;
  annotations: AnnotationRepository;
  /** The review queue's reference corpus, counted for the embedding statistics. */
  corpusStats: SigmaCorpusStatsReader;
  /** Articles collected per day (the dashboard's chart). */
  dailyCounts: DailyCountRepository;
  fetch: SafeFetch;
  gate: HostGate;
  embedder: Embedder;
  ocr: OcrEngine;
  now(): Date;
}
