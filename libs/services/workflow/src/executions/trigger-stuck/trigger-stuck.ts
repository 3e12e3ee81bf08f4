import type { TriggerStuckResponse } from '@huntforge/contracts/executions';
import type { ExecutionRepository } from '../../repositories/execution-repository';
import { isStuckPending, type ExecutionTimings } from '../execution-config';
import { requeue, type RequeueDeps } from '../execution-dispatch';

export interface TriggerStuckDeps extends RequeueDeps {
  executions: Pick<ExecutionRepository, 'findPendingNeverStarted'>;
  timings: ExecutionTimings;
}

/** Re-dispatches stuck pending rows, one workflow task each; it only queues work, never runs the pipeline. */
export async function triggerStuck(deps: TriggerStuckDeps): Promise<TriggerStuckResponse> {
  const now = Date.now();
  const pending = await deps.executions.findPendingNeverStarted();
  const stuck = pending.filter((row) => isStuckPending(row, deps.timings, now));
  const skipped = pending
    .filter((row) => !isStuckPending(row, deps.timings, now))
    .map((row) => {
      const pendingSeconds = Math.round((now - row.createdAt.getTime()) / 1000);
      const window = (row.isEvalRun ? deps.timings.evalStuckPendingAfterMs : deps.timings.stuckPendingAfterMs) / 1000;
      return { execution_id: row.id, reason: `pending ${pendingSeconds}s, inside its ${window}s window`, pending_seconds: pendingSeconds };
    });
  const { queued, failed } = await requeue(deps, stuck, 'could not re-queue a stuck execution');
  return { count: stuck.length, successful: queued.length, failed, skipped, queued_execution_ids: queued };
}
