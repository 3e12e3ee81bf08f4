import { INGESTION_ERROR_CODES, type CreateSourceRequest, type SourceCheck, type UpdateSourceRequest } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import type { IngestionDeps } from '../../deps';
import { notFound } from '../../errors';
import { FetchError } from '../../fetching/fetch-errors';
import { isProtectedSource, SourceIdentifierTakenError, type SourceRow } from '../../repositories/source-repository';
import { checkSourceUrl } from './check-source-url';

const codes = INGESTION_ERROR_CODES;

/** The check of a URL about to be stored: a forbidden address or an unusable answer refuses the write (422). */
async function checked(deps: IngestionDeps, url: string, kind: CreateSourceRequest['kind']): Promise<SourceCheck> {
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

export async function createSource(
  deps: IngestionDeps,
  body: CreateSourceRequest,
): Promise<{ source: SourceRow; check: SourceCheck | null }> {
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
    return { source, check };
  } catch (error) {
    if (error instanceof SourceIdentifierTakenError)
      throw new HttpError(409, codes.sourceExists, `a source named ${body.identifier} exists; choose another identifier`, {
        identifier: body.identifier,
      });
    throw error;
  }
}

export async function updateSource(
  deps: IngestionDeps,
  idOrIdentifier: string,
  body: UpdateSourceRequest,
): Promise<{ source: SourceRow; check: SourceCheck | null }> {
  const source = await deps.sources.find(idOrIdentifier);
  if (!source) throw notFound('source', idOrIdentifier);
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
  return { source: updated, check };
}

export async function deleteSource(
  deps: IngestionDeps,
  idOrIdentifier: string,
  isCollecting: (sourceId: number) => Promise<boolean>,
): Promise<void> {
  const source = await deps.sources.find(idOrIdentifier);
  if (!source) throw notFound('source', idOrIdentifier);
  refuseProtected(source, 'deleted');
  if (source.articleCount > 0) {
    throw new HttpError(
      409,
      codes.sourceHasArticles,
      `${source.identifier} holds ${source.articleCount} article(s), which would go with it; disable the source instead (active=false) to stop collecting and keep them`,
      { article_count: source.articleCount },
    );
  }
  if (await isCollecting(source.id))
    throw new HttpError(409, codes.collectionInProgress, `${source.identifier} is being collected; delete it when the run ends`);
  await deps.sources.remove(source.id);
}
