import type { Bus } from '@huntforge/bus';
import type { SettingsReader, SigmaCorpusStatsReader } from '@huntforge/data';
import type { Embedder } from '@huntforge/llm';
import type { Logger } from '@huntforge/platform';
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

/**
 * Every port the module builds, once. No use case takes this whole record: each declares the few ports
 * it uses (`Pick<IngestionPorts, ...>`, narrowed to the methods it calls where that reads well), so its
 * signature says what it touches and a test can hand it just those.
 */
export interface IngestionPorts {
  config: IngestionConfig;
  logger: Logger;
  /** Where article.ingested goes out. */
  bus: Pick<Bus, 'publish'>;
  /** Runtime settings (OCR_INGEST_ENABLED). */
  settings: SettingsReader;
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
