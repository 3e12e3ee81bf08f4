import type { CollectionRunView } from '@huntforge/contracts/ingestion';
import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import { loadSource, type LoadSourceDeps } from './load-source';
import { runView } from './source-views';

export interface GetCollectionRunDeps extends LoadSourceDeps {
  runs: Pick<IngestionPorts['runs'], 'find'>;
}

export interface GetCollectionRunCommand {
  /** Id or identifier. */
  source: string;
  runId: number;
}

/** GET /api/sources/{id}/runs/{run_id}: one collection run of that source, with its progress and items. */
export async function getCollectionRun(deps: GetCollectionRunDeps, command: GetCollectionRunCommand): Promise<CollectionRunView> {
  const source = await loadSource(deps, command.source);
  const run = await deps.runs.find(source.id, command.runId);
  if (!run) throw notFound('collection run', command.runId);
  return runView(run);
}
