import type { Prisma } from '@huntforge/data';
import { LostOwnershipError, type ExecutionRepository } from './execution-repository';

/** What a stage hands back: its value for the next stages, a summary and optional provider usage. */
export interface StageOutcome<T> {
  value: T;
  summary?: unknown;
  usage?: unknown[];
  /** `skipped` records a stage that deliberately did nothing (e.g. a router skip), with its reason in the summary. */
  status?: 'completed' | 'skipped';
  /** Execution columns the stage produced (platform detection, rank, extraction result, ...), written with its record. */
  patch?: Prisma.WorkflowExecutionUpdateInput;
}

export interface StageLog {
  (line: string): void;
}

/** Writes stage records and execution fields, each only while this worker still owns the running row. */
export interface StageRecorder {
  readonly signal: AbortSignal;
  stage<T>(name: string, run: (log: StageLog) => Promise<StageOutcome<T>>): Promise<T>;
  /** Updates execution columns outside a stage. */
  patch(fields: Prisma.WorkflowExecutionUpdateInput): Promise<void>;
}

const MAX_LOG_LINES = 200;

/**
 * Two writes per stage: the step marker when it starts (one conditional update, which also proves the row
 * is still ours), and one guarded transaction when it ends with the stage record and the stage's columns.
 */
export function createStageRecorder(repo: ExecutionRepository, executionId: number, workerId: string, signal: AbortSignal): StageRecorder {
  const throwIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
  };
  return {
    signal,
    async patch(fields) {
      throwIfAborted();
      await repo.guarded(executionId, workerId, (tx) => tx.workflowExecution.update({ where: { id: executionId }, data: fields }));
    },
    async stage(name, run) {
      throwIfAborted();
      if (!(await repo.markStep(executionId, workerId, name))) throw new LostOwnershipError(executionId);
      const startedAt = new Date();
      const lines: string[] = [];
      const log: StageLog = (line) => {
        if (lines.length < MAX_LOG_LINES) lines.push(line);
      };
      const record = (data: Omit<Prisma.ExecutionStageUncheckedCreateInput, 'executionId' | 'stage'>, patch?: Prisma.WorkflowExecutionUpdateInput) =>
        repo.guarded(executionId, workerId, async (tx) => {
          const finishedAt = new Date();
          await tx.executionStage.create({
            data: { ...data, executionId, stage: name, startedAt, finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime(), logLines: lines },
          });
          if (patch) await tx.workflowExecution.update({ where: { id: executionId }, data: patch });
        });
      let outcome: StageOutcome<unknown>;
      try {
        outcome = await run(log);
        throwIfAborted();
      } catch (error) {
        // A cancelled or taken-over run writes nothing more; any other failure is recorded on the stage.
        if (!signal.aborted && !(error instanceof LostOwnershipError)) {
          await record({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
        throw error;
      }
      await record(
        {
          status: outcome.status ?? 'completed',
          ...(outcome.summary === undefined || outcome.summary === null ? {} : { summary: outcome.summary as Prisma.InputJsonValue }),
          usage: (outcome.usage ?? []) as Prisma.InputJsonValue,
        },
        outcome.patch,
      );
      return outcome.value as never;
    },
  };
}
