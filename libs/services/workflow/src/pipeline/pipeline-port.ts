import type { ExecutionFields, ExecutionRecord } from '../records';

export type { ExecutionFields } from '../records';

/** The execution a pipeline runs: its row as claimed (the config snapshot, the article). */
export type ExecutionRow = ExecutionRecord;

/** What a stage hands back: its value for the next stages, a summary and optional provider usage. */
export interface StageOutcome<T> {
  value: T;
  summary?: unknown;
  usage?: unknown[];
  /** `skipped` records a stage that deliberately did nothing (e.g. a router skip), with its reason in the summary. */
  status?: 'completed' | 'skipped';
  /** Execution columns the stage produced (platform detection, rank, extraction result, ...), written with its record. */
  patch?: ExecutionFields;
}

export interface StageLog {
  (line: string): void;
}

/** Writes stage records and execution fields, each only while this worker still owns the running row. */
export interface StageRecorder {
  readonly signal: AbortSignal;
  stage<T>(name: string, run: (log: StageLog) => Promise<StageOutcome<T>>): Promise<T>;
  /** The run's final write: what is still buffered, plus `fields` (the outcome), in one guarded transaction. */
  finish(fields: ExecutionFields): Promise<void>;
}

/** How a run ended: written in one guarded update once the pipeline returns. */
export interface PipelineOutcome {
  status: 'completed' | 'failed';
  terminationReason: string | null;
  error?: string | null;
  /** Final execution columns not already patched by the stages. */
  fields?: ExecutionFields;
}

/** Runs the per-article pipeline for a claimed execution; stages write through the recorder. */
export type PipelineRunner = (execution: ExecutionRow, recorder: StageRecorder) => Promise<PipelineOutcome>;
