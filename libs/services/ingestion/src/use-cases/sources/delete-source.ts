import { INGESTION_ERROR_CODES } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { IngestionPorts } from '../../ports';
import type { CollectionTracker } from '../collect-source/collection-tracker';
import { loadSource } from './load-source';
import { refuseProtected } from './source-checks';

const codes = INGESTION_ERROR_CODES;

export interface DeleteSourceDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'remove'>;
  collections: Pick<CollectionTracker, 'runningRunOf'>;
}

export interface DeleteSourceCommand {
  /** Id or identifier. */
  source: string;
}

/** DELETE /api/sources/{id}: only a source with no articles and no run in flight. */
export async function deleteSource(deps: DeleteSourceDeps, command: DeleteSourceCommand): Promise<void> {
  const source = await loadSource(deps, command.source);
  refuseProtected(source, 'deleted');
  if (source.articleCount > 0) {
    throw new HttpError(
      409,
      codes.sourceHasArticles,
      `${source.identifier} holds ${source.articleCount} article(s), which would go with it; disable the source instead (active=false) to stop collecting and keep them`,
      { article_count: source.articleCount },
    );
  }
  if ((await deps.collections.runningRunOf(source.id)) !== null)
    throw new HttpError(409, codes.collectionInProgress, `${source.identifier} is being collected; delete it when the run ends`);
  await deps.sources.remove(source.id);
}
