import type { ExecutionStatusValue } from '@huntforge/contracts/executions';

/**
 * The workflow service's stored records as its use cases, pipeline and views see them: plain types, so nothing
 * outside the repositories depends on Prisma's client or generated types (the repositories return rows of these
 * shapes and translate the writes below into queries).
 */

/**
 * A JSON column's value as stored: read through the contracts' schemas. Spelled like Prisma's JsonValue so an
 * execution row also passes to libs/data's read models (`toExecutionSummary`).
 */
export type StoredJson = string | number | boolean | null | StoredJsonObject | StoredJson[];
export type StoredJsonObject = { [key in string]?: StoredJson };

/** A value a stage writes to a JSON column: plain data (objects, arrays, strings, numbers, booleans). */
export type JsonInput = unknown;

/** A workflow execution as stored: the config snapshot it runs on, its article, and what its stages produced. */
export interface ExecutionRecord {
  id: number;
  articleId: number;
  status: ExecutionStatusValue;
  currentStep: string | null;
  configSnapshot: StoredJson;
  configVersion: number | null;
  isEvalRun: boolean;
  triggeredBy: string;
  retryOfId: number | null;
  workerId: string | null;
  heartbeatAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  platformDetection: StoredJson;
  junkFilterSummary: StoredJson;
  rankScore: number | null;
  rankReasoning: string | null;
  extractionCounts: StoredJson;
  extractionResult: StoredJson;
  sigmaRules: StoredJson;
  corpusCoverage: StoredJson;
  terminationReason: string | null;
  error: string | null;
  transportRequeues: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A stage's record as stored (its log lines and provider usage are JSON arrays). */
export interface ExecutionStageRecord {
  id: number;
  executionId: number;
  stage: string;
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  summary: StoredJson;
  error: string | null;
  logLines: StoredJson;
  usage: StoredJson;
}

/**
 * Execution columns a stage or the run's outcome writes (each only while the worker still owns the row).
 * `transportRequeues.increment` adds to the stored count rather than overwriting it.
 */
export interface ExecutionFields {
  status?: ExecutionStatusValue;
  currentStep?: string | null;
  workerId?: string | null;
  heartbeatAt?: Date | null;
  startedAt?: Date | null;
  finishedAt?: Date | null;
  platformDetection?: JsonInput;
  junkFilterSummary?: JsonInput;
  rankScore?: number | null;
  rankReasoning?: string | null;
  extractionCounts?: JsonInput;
  extractionResult?: JsonInput;
  sigmaRules?: JsonInput;
  corpusCoverage?: JsonInput;
  terminationReason?: string | null;
  error?: string | null;
  transportRequeues?: { increment: number };
}

/** A sub-agent evaluation record: one article of an evaluation launch, scored against its expected items. */
export interface EvaluationRecordRow {
  id: number;
  subagent: string;
  articleId: number | null;
  articleUrl: string | null;
  workflowExecutionId: number | null;
  configVersion: number | null;
  model: string | null;
  provider: string | null;
  status: string;
  expectedCount: number | null;
  actualCount: number | null;
  expectedItems: StoredJson;
  actualItems: StoredJson;
  matchedCount: number | null;
  missedCount: number | null;
  extraCount: number | null;
  score: number | null;
  output: StoredJson;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** A saved preset: its file (config and prompts, never the auto-trigger threshold) as stored. */
export interface PresetRecord {
  id: number;
  name: string;
  description: string | null;
  config: StoredJson;
  isQuickstart: boolean;
  createdAt: Date;
  updatedAt: Date;
}
