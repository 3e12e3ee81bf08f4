import type { Bus, Subscription } from '@huntforge/bus';
import {
  QUEUES,
  TOPICS,
  workflowExecutionRequestedPayloadSchema,
  type WorkflowExecutionFinishedPayload,
  type WorkflowExecutionRequestedPayload,
} from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import { LostOwnershipError, type ExecutionRepository } from '../repositories/execution-repository';
import type { PipelineRunner } from '../pipeline/pipeline-port';
import { createStageRecorder } from '../pipeline/stage-recorder';

export interface ExecutionWorkerOptions {
  repo: ExecutionRepository;
  bus: Bus;
  logger: Logger;
  runPipeline: PipelineRunner;
  workerId: string;
  /** Executions one worker runs at once (the subscription's prefetch). */
  concurrency: number;
  heartbeatMs: number;
  /** A running row whose heartbeat is older than this belongs to a dead worker and may be taken over. */
  staleAfterMs: number;
}

export interface ExecutionWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Re-dispatches running rows whose worker died so a live worker takes them over; returns the ids. */
  sweepStale(): Promise<number[]>;
}

class OwnershipLost extends Error {}

/**
 * Consumes `workflow.execution.requested`. The row is claimed conditionally, so a duplicate dispatch is a
 * logged skip; the message is acknowledged only after the run's outcome is committed (the handler
 * resolves after the final write). A heartbeat keeps the claim; when it fails (cancel, takeover) the run's
 * AbortSignal fires and nothing more is written.
 */
export function createExecutionWorker(options: ExecutionWorkerOptions): ExecutionWorker {
  const { repo, bus, logger, workerId } = options;
  let subscription: Subscription | null = null;
  const inFlight = new Map<number, AbortController>();

  async function handle(payload: WorkflowExecutionRequestedPayload): Promise<void> {
    const { execution_id: id } = workflowExecutionRequestedPayloadSchema.parse(payload);
    const claimed = await repo.claim(id, workerId, new Date(Date.now() - options.staleAfterMs));
    if (!claimed) {
      const current = await repo.find(id);
      logger.info({ executionId: id, status: current?.status ?? 'missing', owner: current?.workerId ?? null }, 'execution not claimable: duplicate dispatch skipped');
      return;
    }
    const controller = new AbortController();
    inFlight.set(id, controller);
    const beat = setInterval(() => {
      repo
        .heartbeat(id, workerId)
        .then((owned) => {
          if (!owned) controller.abort(new OwnershipLost(`execution ${id} was cancelled or taken over`));
        })
        .catch((error: unknown) => logger.warn({ err: error, executionId: id }, 'heartbeat failed'));
    }, options.heartbeatMs);
    const log = logger.child({ executionId: id, articleId: claimed.articleId });
    log.info('execution started');
    let finished: WorkflowExecutionFinishedPayload | null = null;
    const recorder = createStageRecorder(repo, id, workerId, controller.signal);
    try {
      const outcome = await options.runPipeline(claimed, recorder);
      await recorder.finish({
        ...outcome.fields,
        status: outcome.status,
        terminationReason: outcome.terminationReason,
        error: outcome.error ?? null,
        finishedAt: new Date(),
        currentStep: null,
      });
      finished = { execution_id: id, status: outcome.status };
      log.info({ status: outcome.status, terminationReason: outcome.terminationReason }, 'execution finished');
    } catch (error) {
      if (controller.signal.aborted || error instanceof LostOwnershipError) {
        log.info({ reason: String(controller.signal.reason ?? error) }, 'execution stopped: no longer owned (cancelled or taken over); nothing more written');
      } else {
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error }, 'execution failed');
        // The stages that ran, the failed one included, are kept with the failure.
        const written = await recorder
          .finish({ status: 'failed', terminationReason: 'error', error: message, finishedAt: new Date(), currentStep: null })
          .then(() => true)
          .catch(() => false);
        if (written) finished = { execution_id: id, status: 'failed' };
      }
    } finally {
      clearInterval(beat);
      inFlight.delete(id);
    }
    if (finished) await bus.publish(TOPICS.workflowExecutionFinished, finished);
  }

  return {
    async start() {
      subscription = await bus.subscribe<WorkflowExecutionRequestedPayload>(
        QUEUES.workflowExecutions,
        [TOPICS.workflowExecutionRequested],
        (message) => handle(message.payload),
        { prefetch: options.concurrency },
      );
    },
    async stop() {
      // In-flight runs finish (cancel() waits for them), so their messages are acked after commit.
      await subscription?.cancel();
      subscription = null;
    },
    async sweepStale() {
      const stale = await repo.findStaleRunning(new Date(Date.now() - options.staleAfterMs));
      for (const row of stale) {
        await bus.publish(TOPICS.workflowExecutionRequested, { execution_id: row.id });
      }
      if (stale.length > 0) logger.warn({ executionIds: stale.map((row) => row.id) }, 're-dispatched executions whose worker stopped');
      return stale.map((row) => row.id);
    },
  };
}
