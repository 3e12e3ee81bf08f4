import type { ExecutionCommandDeps } from '../execution-deps';

/** Running rows whose heartbeat stopped become failed with reason `stale`. */
export async function cleanupStale(deps: ExecutionCommandDeps): Promise<number[]> {
  const staleBefore = new Date(Date.now() - deps.timings.staleAfterMs);
  const ids: number[] = [];
  for (const row of await deps.repo.findStaleRunning(staleBefore)) {
    if (await deps.leases.failIfStale(row.id, staleBefore)) ids.push(row.id);
  }
  return ids;
}
