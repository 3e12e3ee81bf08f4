import type { Bus, Subscription } from '@huntforge/bus';
import { QUEUES, TOPICS, workflowExecutionRequestedPayloadSchema, type WorkflowExecutionRequestedPayload } from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import type { PipelineRunner } from '../pipeline/pipeline-port';
import type { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import type { ExecutionRepository } from '../repositories/execution-repository';
import { redispatch, settleFailure, startHeartbeat, type ClaimedRun, type RunSettlement } from './execution-run';
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
    const beat = startHeartbeat(leases, { id, workerId, controller, heartbeatMs: options.heartbeatMs, logger });
    const log = logger.child({ executionId: id, articleId: claimed.articleId });
    log.info('execution started');
    const recorder = createStageRecorder(leases, id, workerId, controller.signal);
    const run: ClaimedRun = { id, claimed, recorder, controller, log };
    let settled: RunSettlement;
    try {
      settled = await runToCompletion(run);
    } catch (error) {
      settled = await settleFailure(run, error, options.maxTransportRequeues);
    } finally {
      clearInterval(beat);
    }
    if (settled.finished) await bus.publish(TOPICS.workflowExecutionFinished, settled.finished);
    if (settled.requeued) await redispatch(bus, logger, id);
  }

  /** Runs the pipeline and writes its outcome in the final guarded update. */
  async function runToCompletion({ id, claimed, recorder, log }: ClaimedRun): Promise<RunSettlement> {
    const outcome = await options.runPipeline(claimed, recorder);
    await recorder.finish({
      ...outcome.fields,
      status: outcome.status,
      terminationReason: outcome.terminationReason,
      error: outcome.error ?? null,
      finishedAt: new Date(),
      currentStep: null,
    });
    log.info({ status: outcome.status, terminationReason: outcome.terminationReason }, 'execution finished');
    return { finished: { execution_id: id, status: outcome.status }, requeued: false };
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
