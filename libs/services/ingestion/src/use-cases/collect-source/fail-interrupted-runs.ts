import type { IngestionPorts } from '../../ports';

export interface FailInterruptedRunsDeps extends Pick<IngestionPorts, 'logger' | 'now'> {
  runs: Pick<IngestionPorts['runs'], 'failStale'>;
}

/**
 * At start, before any collection: runs an earlier process left `running` (it stopped mid-run) are marked
 * failed, so their sources can be collected again and the run history says what happened.
 */
export async function failInterruptedRuns(deps: FailInterruptedRunsDeps): Promise<number> {
  const stale = await deps.runs.failStale(deps.now());
  if (stale > 0) deps.logger.warn({ runs: stale }, 'collection runs interrupted by an earlier stop marked failed');
  return stale;
}
