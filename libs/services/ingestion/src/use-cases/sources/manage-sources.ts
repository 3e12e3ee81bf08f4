import {
  INGESTION_ERROR_CODES,
  type CreateSourceRequest,
  type SourceCheck,
  type SourceView,
  type UpdateSourceRequest,
} from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import { FetchError } from '../../fetching/fetch-errors';
import type { IngestionPorts } from '../../ports';
import { isProtectedSource, SourceIdentifierTakenError, type SourceRow } from '../../repositories/source-repository';
import type { CollectionTracker } from '../collect-source/collection-tracker';
import { ocrDefault, type FetchDeps, type OcrSettingDeps } from '../ingest-article/page-content';
import { checkSourceUrl } from './check-source-url';
import { loadSource } from './load-source';
import { sourceView } from './source-views';

const codes = INGESTION_ERROR_CODES;

/** A source as a write answers it: the stored source and the check of its URL (null when skipped or not needed). */
export type CheckedSourceView = SourceView & { check: SourceCheck | null };

export interface CreateSourceDeps extends FetchDeps, OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'create'>;
}

export interface UpdateSourceDeps extends FetchDeps, OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'update'>;
}

export interface UpdateSourceCommand {
  /** Id or identifier. */
  source: string;
  changes: UpdateSourceRequest;
}

export interface DeleteSourceDeps {
  sources: Pick<IngestionPorts['sources'], 'find' | 'remove'>;
  collections: Pick<CollectionTracker, 'runningRunOf'>;
}

export interface DeleteSourceCommand {
  /** Id or identifier. */
  source: string;
}

/** The check of a URL about to be stored: a forbidden address or an unusable answer refuses the write (422). */
async function checked(deps: FetchDeps, url: string, kind: CreateSourceRequest['kind']): Promise<SourceCheck> {
  let check: SourceCheck;
  try {
    check = await checkSourceUrl(deps, url, kind);
  } catch (error) {
    if (error instanceof FetchError) throw new HttpError(422, codes.urlNotAllowed, `${url} may not be fetched: ${error.message}`);
    throw error;
  }
  if (!check.ok)
    throw new HttpError(
      422,
      codes.sourceUnreachable,
      `${url} did not answer as a ${kind} source: ${check.reason ?? 'unknown reason'}. Fix the URL or kind, or store it anyway with skip_check=true`,
      { check },
    );
  return check;
}

function refuseProtected(source: SourceRow, action: string): void {
  if (isProtectedSource(source.identifier)) {
    throw new HttpError(
      400,
      codes.protectedSource,
      `the ${source.identifier} source is protected: it holds ${source.identifier === 'eval' ? 'the evaluation articles' : 'articles scraped by URL'} and cannot be ${action}`,
    );
  }
}

/** POST /api/sources: a new source, its URL checked first unless skip_check. */
export async function createSource(deps: CreateSourceDeps, body: CreateSourceRequest): Promise<CheckedSourceView> {
  if (isProtectedSource(body.identifier) || (await deps.sources.find(body.identifier))) {
    throw new HttpError(409, codes.sourceExists, `a source named ${body.identifier} exists; choose another identifier`, {
      identifier: body.identifier,
    });
  }
  const check = body.skip_check ? null : await checked(deps, body.url, body.kind);
  try {
    const source = await deps.sources.create({
      identifier: body.identifier,
      name: body.name,
      url: body.url,
      kind: body.kind,
      active: body.active,
      checkFrequencySeconds: body.check_frequency_seconds,
      lookbackDays: body.lookback_days,
      minContentLength: body.min_content_length,
      imageOcrEnabled: null,
      config: {},
    });
    return { ...sourceView(source, await ocrDefault(deps)), check };
  } catch (error) {
    if (error instanceof SourceIdentifierTakenError)
      throw new HttpError(409, codes.sourceExists, `a source named ${body.identifier} exists; choose another identifier`, {
        identifier: body.identifier,
      });
    throw error;
  }
}

/** PATCH /api/sources/{id}: changed fields; a changed URL or kind is checked first unless skip_check. */
export async function updateSource(deps: UpdateSourceDeps, command: UpdateSourceCommand): Promise<CheckedSourceView> {
  const body = command.changes;
  const source = await loadSource(deps, command.source);
  refuseProtected(source, 'changed');
  const url = body.url ?? source.url;
  const kind = body.kind ?? source.kind;
  const probe = !body.skip_check && (url !== source.url || kind !== source.kind);
  const check = probe ? await checked(deps, url, kind) : null;
  const updated = await deps.sources.update(source.id, {
    name: body.name,
    url: body.url,
    kind: body.kind,
    active: body.active,
    checkFrequencySeconds: body.check_frequency_seconds,
    lookbackDays: body.lookback_days,
    minContentLength: body.min_content_length,
  });
  return { ...sourceView(updated, await ocrDefault(deps)), check };
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
