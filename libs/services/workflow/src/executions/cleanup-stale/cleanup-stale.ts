import type { CleanupStaleResponse } from '@huntforge/contracts/executions';
import type { ExecutionLeaseRepository } from '../../repositories/execution-lease-repository';
import type { ExecutionRepository } from '../../repositories/execution-repository';
import type { ExecutionTimings } from '../execution-config';

export interface CleanupStaleDeps {
  executions: Pick<ExecutionRepository, 'findStaleRunning'>;
  /** Workers' leases on running rows: a row whose lease lapsed is failed. */
  leases: Pick<ExecutionLeaseRepository, 'failIfStale'>;
  timings: Pick<ExecutionTimings, 'staleAfterMs'>;
}

/** Running rows whose heartbeat stopped become failed with reason `stale`. */
export async function cleanupStale(deps: CleanupStaleDeps): Promise<CleanupStaleResponse> {
  const staleBefore = new Date(Date.now() - deps.timings.staleAfterMs);
  const ids: number[] = [];
  for (const row of await deps.executions.findStaleRunning(staleBefore)) {
    if (await deps.leases.failIfStale(row.id, staleBefore)) ids.push(row.id);
  }
  return { count: ids.length, execution_ids: ids, stale_after_seconds: deps.timings.staleAfterMs / 1000 };
}
