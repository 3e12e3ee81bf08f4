import type { Prisma } from '@huntforge/data';
import type { ExecutionRepository } from './execution-repository';

/** What a stage hands back: its value for the next stages, a summary and optional provider usage. */
export interface StageOutcome<T> {
  value: T;
  summary?: unknown;
  usage?: unknown[];
  /** `skipped` records a stage that deliberately did nothing (e.g. a router skip), with its reason in the summary. */
  status?: 'completed' | 'skipped';
}

export interface StageLog {
  (line: string): void;
}

/** Writes stage records and execution fields, each only while this worker still owns the running row. */
export interface StageRecorder {
  readonly signal: AbortSignal;
  stage<T>(name: string, run: (log: StageLog) => Promise<StageOutcome<T>>): Promise<T>;
  /** Updates execution columns (platform detection, rank score, extraction result, ...). */
  patch(fields: Prisma.WorkflowExecutionUpdateInput): Promise<void>;
}

const MAX_LOG_LINES = 200;

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
      const started = Date.now();
      const record = await repo.guarded(executionId, workerId, async (tx) => {
        await tx.workflowExecution.update({ where: { id: executionId }, data: { currentStep: name } });
        return tx.executionStage.create({ data: { executionId, stage: name, status: 'running' } });
      });
      const lines: string[] = [];
      const log: StageLog = (line) => {
        if (lines.length < MAX_LOG_LINES) lines.push(line);
      };
      const finish = (data: Prisma.ExecutionStageUpdateInput) =>
        repo.guarded(executionId, workerId, (tx) =>
          tx.executionStage.update({
            where: { id: record.id },
            data: { ...data, finishedAt: new Date(), durationMs: Date.now() - started, logLines: lines },
          }),
        );
      let outcome: StageOutcome<unknown>;
      try {
        outcome = await run(log);
        throwIfAborted();
      } catch (error) {
        // A cancelled or taken-over run writes nothing more; any other failure is recorded on the stage.
        if (!signal.aborted) {
          await finish({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
        throw error;
      }
      await finish({
        status: outcome.status ?? 'completed',
        ...(outcome.summary === undefined || outcome.summary === null ? {} : { summary: outcome.summary as Prisma.InputJsonValue }),
        usage: (outcome.usage ?? []) as Prisma.InputJsonValue,
      });
      return outcome.value as never;
    },
  };
}
