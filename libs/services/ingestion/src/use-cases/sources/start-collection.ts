import { INGESTION_ERROR_CODES, type CollectResponse } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { IngestionPorts } from '../../ports';
import { isProtectedSource } from '../../repositories/source-repository';
import { loadSource, type LoadSourceDeps } from './load-source';
import type { CollectionTracker } from '../collect-source/collection-tracker';

const codes = INGESTION_ERROR_CODES;

export interface StartCollectionDeps extends LoadSourceDeps, Pick<IngestionPorts, 'logger'> {
  collections: Pick<CollectionTracker, 'start' | 'runningRunOf'>;
}

export interface StartCollectionCommand {
  /** Id or identifier. */
  source: string;
}

/** POST /api/sources/{id}/collect: a manual run in the background (409 while one is running). */
export async function startCollection(deps: StartCollectionDeps, command: StartCollectionCommand): Promise<CollectResponse> {
  const source = await loadSource(deps, command.source);
  if (isProtectedSource(source.identifier)) {
    throw new HttpError(400, codes.sourceNotCollectable, `the ${source.identifier} source has no feed and is never collected`);
  }
  const started = await deps.collections.start({ source, trigger: 'manual' });
  if (!started) {
    const running = await deps.collections.runningRunOf(source.id);
    throw new HttpError(409, codes.collectionInProgress, `source ${source.identifier} is already being collected`, {
      run_id: running?.id ?? null,
    });
  }
  // The run goes on in the background; its failures are recorded on the run and the source.
  started.done.catch((error: unknown) => deps.logger.error({ err: error, run: started.run.id }, 'collection run crashed'));
  return {
    run_id: started.run.id,
    source_id: source.id,
    status: 'running',
    run_url: `/api/sources/${source.id}/runs/${started.run.id}`,
  };
}
