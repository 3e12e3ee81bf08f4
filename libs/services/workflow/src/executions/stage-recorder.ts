import type { ExecutionFields, StageLog, StageOutcome, StageRecorder } from '../pipeline/pipeline-port';
import { LostOwnershipError, type ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import type { NewStageRecord } from '../repositories/execution-repository';

const MAX_LOG_LINES = 200;

/**
 * Stage records and the columns they produce are buffered and written together, in one guarded
 * statement, once a flush interval has passed (so a slow, model-backed run shows its progress while a
 * fast builtin run costs one write at the end); a stage that outlasts the interval is flushed while it runs,
 * so the current step is visible. Every write is guarded: after a cancel or a takeover nothing more is written.
 */
export function createStageRecorder(
  leases: Pick<ExecutionLeaseRepository, 'writeWhileOwned'>,
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
  /** One guarded write: the row's fields ride on the ownership guard's update, then the stage rows. */
  const writePending = async (final: ExecutionFields = {}) => {
    const rows = stages.splice(0);
    const buffered = patch;
    patch = {};
    try {
      await leases.writeWhileOwned(executionId, workerId, { ...buffered, ...(currentStep ? { currentStep } : {}), ...final }, rows);
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
        stages.push({
          usage: [],
          ...data,
          executionId,
          stage: name,
          startedAt,
          finishedAt,
          durationMs: finishedAt.getTime() - startedAt.getTime(),
          logLines: lines,
        });
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
