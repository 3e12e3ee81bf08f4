import type { Prisma } from '@huntforge/data';
import { LostOwnershipError, type ExecutionRepository, type NewStageRecord } from '../repositories/execution-repository';

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

type Tx = Prisma.TransactionClient;
type ExecutionFields = Prisma.WorkflowExecutionUpdateManyMutationInput;

/** Writes stage records and execution fields, each only while this worker still owns the running row. */
export interface StageRecorder {
  readonly signal: AbortSignal;
  stage<T>(name: string, run: (log: StageLog) => Promise<StageOutcome<T>>): Promise<T>;
  /** The run's final write: what is still buffered, plus `fields` (the outcome), in one guarded transaction. */
  finish(fields: ExecutionFields): Promise<void>;
}

const MAX_LOG_LINES = 200;

/**
 * Stage records and the columns they produce are buffered and written together, in one guarded
 * transaction, once a flush interval has passed (so a slow, model-backed run shows its progress while a
 * fast builtin run costs one write at the end); a stage that outlasts the interval is flushed while it runs,
 * so the current step is visible. Every write is guarded: after a cancel or a takeover nothing more is written.
 */
export function createStageRecorder(
  repo: ExecutionRepository,
  executionId: number,
  workerId: string,
  signal: AbortSignal,
  options: { flushIntervalMs: number } = { flushIntervalMs: 1_000 },
): StageRecorder {
  const stages: NewStageRecord[] = [];
  let patch: ExecutionFields = {};
  let currentStep: string | null = null;
  let lastWrite = Date.now();

  const throwIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
  };
  /** One guarded transaction: the row's fields ride on the ownership guard's update, then the stage rows. */
  const writePending = async (final: ExecutionFields = {}) => {
    const rows = stages.splice(0);
    const buffered = patch;
    patch = {};
    try {
      await repo.guarded(
        executionId,
        workerId,
        (tx: Tx) => repo.insertStages(tx, rows),
        { ...buffered, ...(currentStep ? { currentStep } : {}), ...final },
      );
    } catch (error) {
      // Kept for the failure write that follows (a lost row refuses that one too).
      stages.unshift(...rows);
      patch = { ...buffered, ...patch };
      throw error;
    }
    lastWrite = Date.now();
  };
  const flushIfDue = async () => {
    if (Date.now() - lastWrite < options.flushIntervalMs) return;
    await writePending();
  };

  return {
    signal,
    finish: (fields) => writePending(fields),
    async stage(name, run) {
      throwIfAborted();
      currentStep = name;
      await flushIfDue();
      const startedAt = new Date();
      const lines: string[] = [];
      const log: StageLog = (line) => {
        if (lines.length < MAX_LOG_LINES) lines.push(line);
      };
      const record = (data: Pick<NewStageRecord, 'status' | 'summary' | 'error'> & { usage?: unknown[] }) => {
        const finishedAt = new Date();
        stages.push({ usage: [], ...data, executionId, stage: name, startedAt, finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime(), logLines: lines });
      };
      // A stage still running after the flush interval (a model call, a slow peer) shows up meanwhile.
      const progress = setTimeout(() => {
        flushIfDue().catch(() => undefined);
      }, options.flushIntervalMs);
      progress.unref();
      let outcome: StageOutcome<unknown>;
      try {
        outcome = await run(log);
        throwIfAborted();
      } catch (error) {
        clearTimeout(progress);
        // A cancelled or taken-over run writes nothing more; any other failure is recorded on the stage.
        if (!signal.aborted && !(error instanceof LostOwnershipError)) {
          record({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
        throw error;
      }
      clearTimeout(progress);
      record({
        status: outcome.status ?? 'completed',
        ...(outcome.summary === undefined || outcome.summary === null ? {} : { summary: outcome.summary }),
        usage: outcome.usage ?? [],
      });
      if (outcome.patch) patch = { ...patch, ...outcome.patch };
      return outcome.value as never;
    },
  };
}
