/**
 * The content filter's stored records as its use cases see them: plain types, so nothing outside the
 * repositories depends on Prisma's client or generated types (the repositories return rows of these shapes).
 */

/** A JSON column's value as stored (metrics, comparisons, results): read through the contracts' schemas. */
export type StoredJson = unknown;
/** A JSON object to store in a JSON column. */
export type JsonObject = Record<string, unknown>;

export interface ModelVersionRecord {
  id: number;
  version: number;
  featurizerVersion: number;
  metrics: StoredJson;
  metricsSource: string;
  evalSetSize: number | null;
  isCurrent: boolean;
  modelFilePath: string;
  secondaryModelFilePath: string | null;
  trainingSamples: number;
  feedbackSamples: number;
  annotationSamples: number;
  trainingDurationMs: number | null;
  comparison: StoredJson;
  createdAt: Date;
  evaluatedAt: Date | null;
}

export interface RetrainRunRecord {
  id: number;
  status: string;
  progress: number;
  message: string | null;
  newVersion: number | null;
  result: StoredJson;
  requestedBy: string | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface ChunkFeedbackRecord {
  id: number;
  articleId: number;
  chunkId: number;
  chunkText: string;
  modelClassification: string;
  modelConfidence: number;
  modelReason: string | null;
  isCorrect: boolean;
  userClassification: string | null;
  comment: string | null;
  usedForTraining: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A huntability annotation as training reads it (ingestion owns annotations). */
export interface AnnotationRecord {
  id: number;
  articleId: number;
  annotationType: string;
  selectedText: string;
  startPosition: number;
  endPosition: number;
  usedForTraining: boolean;
}

/** An article's chunk-debug progress, as the progress view reads it. */
export interface ChunkDebugProgressRecord {
  articleId: number;
  inProgress: boolean;
  /** filtering | analyzing | finalizing; null when idle. */
  phase: string | null;
  processedChunks: number;
  totalChunks: number;
  articleTotalChunks: number;
  chunkLimitApplied: boolean;
  error: string | null;
  startedAt: Date;
  updatedAt: Date;
}
