import type { Bus } from '@huntforge/bus';
import { TOPICS, type WorkflowExecutionFinishedPayload } from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import { isTransportFailure } from '../pipeline/peer-transport';
import type { ExecutionRow, StageRecorder } from '../pipeline/pipeline-port';
import { LostOwnershipError, type ExecutionLeaseRepository } from '../repositories/execution-lease-repository';

class OwnershipLost extends Error {}

const REDISPATCH_ATTEMPTS = 6;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One claimed run as the worker's parts see it. */
export interface ClaimedRun {
  id: number;
  claimed: ExecutionRow;
  recorder: StageRecorder;
  controller: AbortController;
  log: Logger;
}

/** What the worker does once a run has settled: announce it finished, dispatch it again, or neither. */
export interface RunSettlement {
  finished: WorkflowExecutionFinishedPayload | null;
  requeued: boolean;
}

/**
 * Keeps the claim while the run goes; when a beat finds the row no longer ours (cancel, takeover) the run's
 * AbortSignal fires so nothing more is written. Returns the timer for the caller to clear.
 */
export function startHeartbeat(
  leases: ExecutionLeaseRepository,
  run: { id: number; workerId: string; controller: AbortController; heartbeatMs: number; logger: Logger },
): ReturnType<typeof setInterval> {
  const { id, workerId, controller, logger } = run;
  return setInterval(() => {
    leases
      .heartbeat(id, workerId)
      .then((owned) => {
        if (!owned) controller.abort(new OwnershipLost(`execution ${id} was cancelled or taken over`));
      })
      .catch((error: unknown) => logger.warn({ err: error, executionId: id }, 'heartbeat failed'));
  }, run.heartbeatMs);
}

/** Writes a failed run; false when the row is no longer ours (so no finished message goes out). */
function writeFailure(run: ClaimedRun, terminationReason: string, error: string): Promise<boolean> {
  return run.recorder
    .finish({ status: 'failed', terminationReason, error, finishedAt: new Date(), currentStep: null })
    .then(() => true)
    .catch(() => false);
}

/** The bus failed, not the run: it goes back to pending (its stages so far kept) to run again. */
function requeue(run: ClaimedRun, error: unknown): Promise<boolean> {
  run.log.warn({ err: error, requeues: run.claimed.transportRequeues + 1 }, 'execution requeued: a peer request failed in transport');
  return run.recorder
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
      run.log.warn({ err: writeError }, 'execution not requeued: no longer owned');
      return false;
    });
}

/**
 * Settles a run the pipeline threw out of: a run no longer owned writes nothing; a transport failure is
 * requeued up to maxTransportRequeues times and then fails as peer_unreachable; anything else fails the run
 * with the stages that ran, the failed one included.
 */
export async function settleFailure(run: ClaimedRun, error: unknown, maxTransportRequeues: number): Promise<RunSettlement> {
  const { id, claimed, controller, log } = run;
  const failed = (written: boolean): RunSettlement => ({
    finished: written ? { execution_id: id, status: 'failed' } : null,
    requeued: false,
  });
  if (controller.signal.aborted || error instanceof LostOwnershipError) {
    log.info(
      { reason: String(controller.signal.reason ?? error) },
      'execution stopped: no longer owned (cancelled or taken over); nothing more written',
    );
    return { finished: null, requeued: false };
  }
  if (isTransportFailure(error) && claimed.transportRequeues < maxTransportRequeues) {
    return { finished: null, requeued: await requeue(run, error) };
  }
  if (isTransportFailure(error)) {
    // Every run re-does its stages (and their model calls): a peer down for good must not cost that forever.
    const message = `${error instanceof Error ? error.message : String(error)}; requeued ${claimed.transportRequeues} times already, so the run stops here: trigger it again once the service answers`;
    log.error({ err: error, requeues: claimed.transportRequeues }, 'execution failed: a peer stayed unreachable');
    return failed(await writeFailure(run, 'peer_unreachable', message));
  }
  log.error({ err: error }, 'execution failed');
  return failed(await writeFailure(run, 'error', error instanceof Error ? error.message : String(error)));
}

/**
 * Dispatches a requeued execution again. While the bus cannot take it, it waits with backoff; a row that
 * still is not dispatched stays pending and never started, which recover-pending (at start) and
 * trigger-stuck pick up.
 */
export async function redispatch(bus: Bus, logger: Logger, id: number): Promise<void> {
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
