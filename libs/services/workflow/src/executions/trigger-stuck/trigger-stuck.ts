import { type ExecutionCommandDeps, isStuckPending, dispatch } from '../execution-deps';

export interface TriggerStuckResult {
  count: number;
  successful: number;
  failed: number;
  skipped: Array<{ execution_id: number; reason: string; pending_seconds: number }>;
  queued_execution_ids: number[];
}

/** Re-dispatches stuck pending rows, one workflow task each; it only queues work, never runs the pipeline. */
export async function triggerStuck(deps: ExecutionCommandDeps): Promise<TriggerStuckResult> {
  const now = Date.now();
  const result: TriggerStuckResult = { count: 0, successful: 0, failed: 0, skipped: [], queued_execution_ids: [] };
  for (const row of await deps.repo.findPendingNeverStarted()) {
    const pendingSeconds = Math.round((now - row.createdAt.getTime()) / 1000);
    if (!isStuckPending(row, deps.timings, now)) {
      const window = (row.isEvalRun ? deps.timings.evalStuckPendingAfterMs : deps.timings.stuckPendingAfterMs) / 1000;
      result.skipped.push({ execution_id: row.id, reason: `pending ${pendingSeconds}s, inside its ${window}s window`, pending_seconds: pendingSeconds });
      continue;
    }
    result.count += 1;
    try {
      await dispatch(deps, row);
      result.successful += 1;
      result.queued_execution_ids.push(row.id);
    } catch (error) {
      result.failed += 1;
      deps.logger.error({ err: error, executionId: row.id }, 'could not re-queue a stuck execution');
    }
  }
  return result;
}
