import type { SourceKindValue } from '@huntforge/contracts';

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
