import type { Bus, Subscription } from '@huntforge/bus';
import {
  QUEUES,
  TOPICS,
  workflowExecutionRequestedPayloadSchema,
  type WorkflowExecutionFinishedPayload,
  type WorkflowExecutionRequestedPayload,
} from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import { isTransportFailure } from '../pipeline/peer-transport';
import type { PipelineRunner } from '../pipeline/pipeline-port';
import { LostOwnershipError, type ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import type { ExecutionRepository } from '../repositories/execution-repository';
import { createStageRecorder } from './stage-recorder';

export interface ExecutionWorkerOptions {
  repo: ExecutionRepository;
  leases: ExecutionLeaseRepository;
  bus: Bus;
  logger: Logger;
  runPipeline: PipelineRunner;
  workerId: string;
  /** Executions one worker runs at once (the subscription's prefetch). */
  concurrency: number;
  heartbeatMs: number;
  /** A running row whose heartbeat is older than this belongs to a dead worker and may be taken over. */
  staleAfterMs: number;
  /** Times a run goes back to the queue for a peer that cannot be reached; the next such failure fails it. */
  maxTransportRequeues: number;
}

export interface ExecutionWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Re-dispatches running rows whose worker died so a live worker takes them over; returns the ids. */
  sweepStale(): Promise<number[]>;
}

class OwnershipLost extends Error {}

const REDISPATCH_ATTEMPTS = 6;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Consumes `workflow.execution.requested`. The row is claimed conditionally, so a duplicate dispatch is a
 * logged skip; the message is acknowledged only after the run's outcome is committed (the handler
 * resolves after the final write). A heartbeat keeps the claim; when it fails (cancel, takeover) the run's
 * AbortSignal fires and nothing more is written. A run stopped by a transport failure of the bus (a peer
 * request that could not get through even when asked again) is not failed: it goes back to pending and is
 * dispatched again, up to maxTransportRequeues times; after that it fails with termination_reason peer_unreachable.
 */
export function createExecutionWorker(options: ExecutionWorkerOptions): ExecutionWorker {
  const { repo, leases, bus, logger, workerId } = options;
  let subscription: Subscription | null = null;
  const inFlight = new Map<number, AbortController>();

  async function handle(payload: WorkflowExecutionRequestedPayload): Promise<void> {
    const { execution_id: id } = workflowExecutionRequestedPayloadSchema.parse(payload);
    const claimed = await leases.claim(id, workerId, new Date(Date.now() - options.staleAfterMs));
    if (!claimed) {
      const current = await repo.find(id);
      logger.info(
        { executionId: id, status: current?.status ?? 'missing', owner: current?.workerId ?? null },
        'execution not claimable: duplicate dispatch skipped',
      );
      return;
    }
    const controller = new AbortController();
    inFlight.set(id, controller);
    const beat = setInterval(() => {
      leases
        .heartbeat(id, workerId)
        .then((owned) => {
          if (!owned) controller.abort(new OwnershipLost(`execution ${id} was cancelled or taken over`));
        })
        .catch((error: unknown) => logger.warn({ err: error, executionId: id }, 'heartbeat failed'));
    }, options.heartbeatMs);
    const log = logger.child({ executionId: id, articleId: claimed.articleId });
    log.info('execution started');
    let finished: WorkflowExecutionFinishedPayload | null = null;
    let requeued = false;
    const recorder = createStageRecorder(repo, leases, id, workerId, controller.signal);
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
        log.info(
          { reason: String(controller.signal.reason ?? error) },
          'execution stopped: no longer owned (cancelled or taken over); nothing more written',
        );
      } else if (isTransportFailure(error) && claimed.transportRequeues < options.maxTransportRequeues) {
        // The bus failed, not the run: it goes back to the queue (its stages so far kept) and runs again.
        log.warn({ err: error, requeues: claimed.transportRequeues + 1 }, 'execution requeued: a peer request failed in transport');
        requeued = await recorder
          .finish({
            status: 'pending',
            workerId: null,
            heartbeatAt: null,
            startedAt: null,
            currentStep: null,
            transportRequeues: { increment: 1 },
          })
          .then(() => true)
          .catch((writeError: unknown) => {
            log.warn({ err: writeError }, 'execution not requeued: no longer owned');
            return false;
          });
      } else if (isTransportFailure(error)) {
        // Every run re-does its stages (and their model calls): a peer down for good must not cost that forever.
        const message = `${error instanceof Error ? error.message : String(error)}; requeued ${claimed.transportRequeues} times already, so the run stops here: trigger it again once the service answers`;
        log.error({ err: error, requeues: claimed.transportRequeues }, 'execution failed: a peer stayed unreachable');
        const written = await recorder
          .finish({ status: 'failed', terminationReason: 'peer_unreachable', error: message, finishedAt: new Date(), currentStep: null })
          .then(() => true)
          .catch(() => false);
        if (written) finished = { execution_id: id, status: 'failed' };
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
    if (requeued) await redispatch(id);
  }

  /**
   * Dispatches a requeued execution again. While the bus cannot take it, it waits with backoff; a row that
   * still is not dispatched stays pending and never started, which recover-pending (at start) and
   * trigger-stuck pick up.
   */
  async function redispatch(id: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await bus.publish(TOPICS.workflowExecutionRequested, { execution_id: id });
        return;
      } catch (error) {
        if (attempt >= REDISPATCH_ATTEMPTS) {
          logger.error({ err: error, executionId: id }, 'requeued execution not dispatched: it stays pending until recovered');
          return;
        }
        await sleep(Math.min(10_000, 500 * 2 ** (attempt - 1)));
      }
    }
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
