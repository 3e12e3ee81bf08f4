import type { SourceKindValue } from '@huntforge/contracts/ingestion';

/**
 * The ingestion service's stored records as its use cases see them: plain types, so nothing outside the
 * repositories depends on Prisma's client or generated types (the repositories return rows of these shapes).
 */

/** A JSON column's value as stored: read through the contracts' schemas. */
export type StoredJson = unknown;

export interface SourceRecord {
  id: number;
  identifier: string;
  name: string;
  url: string;
  kind: SourceKindValue;
  active: boolean;
  checkFrequencySeconds: number;
  lookbackDays: number;
  minContentLength: number;
  imageOcrEnabled: boolean | null;
  config: StoredJson;
  lastCheckedAt: Date | null;
  lastSuccessAt: Date | null;
  consecutiveFailures: number;
  lastError: string | null;
  etag: string | null;
  lastModified: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionRunRecord {
  id: number;
  sourceId: number;
  status: 'running' | 'succeeded' | 'failed';
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  itemsFound: number;
  articlesCreated: number;
  duplicates: number;
  failures: number;
  error: string | null;
  detail: StoredJson;
}

export interface AnnotationRecord {
  id: number;
  articleId: number;
  annotationType: string;
  selectedText: string;
  startPosition: number;
  endPosition: number;
  usedForTraining: boolean;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored form of an article's hunt score: what ingestion writes and a rescore writes again. */
export interface HuntScoreFields {
  huntScore: number;
  /** Distinct registry terms per tier, as the article detail shows them. */
  keywordMatches: Record<string, string[]>;
  /** Points per tier (metadata.hunt_score_points). */
  points: Record<string, number>;
  /** The keyword registry the score was computed with (metadata.hunt_registry). */
  registry: string;
}

/** An article whose hunt score a rescore computes again. */
export interface StaleHuntScore {
  id: number;
  title: string;
  content: string;
  huntScore: number;
}

/** An article as lists show it (the articles list, search hits, similar articles). */
export interface ArticleSummaryRecord {
  id: number;
  sourceId: number;
  source: { identifier: string };
  title: string;
  url: string;
  canonicalUrl: string;
  publishedAt: Date | null;
  collectedAt: Date;
  huntScore: number;
  duplicateOfId: number | null;
  metadata: StoredJson;
  embeddedAt: Date | null;
}

/** An article as its detail shows it: the summary with its text, keyword matches, near duplicates and annotation count. */
export interface ArticleDetailRecord extends ArticleSummaryRecord {
  content: string;
  keywordMatches: StoredJson;
  duplicates: Array<{ id: number }>;
  _count: { annotations: number };
}

/** An article's text and the fingerprints and embedding state compared against it. */
export interface ArticleContentRecord {
  id: number;
  content: string;
  simhash: bigint;
  simhashBands: number[];
  embeddingModel: string | null;
  embeddedAt: Date | null;
}
