import { INGESTION_ERROR_CODES, type CreateSourceRequest, type SourceCheck, type SourceView } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import { FetchError } from '../../fetching/fetch-errors';
import { isProtectedSource, type SourceRow } from '../../repositories/source-repository';
import type { FetchDeps } from '../ingest-article/page-content';
import { checkSourceUrl } from './check-source-url';

const codes = INGESTION_ERROR_CODES;

/** A source as a write answers it: the stored source and the check of its URL (null when skipped or not needed). */
export type CheckedSourceView = SourceView & { check: SourceCheck | null };

/** The check of a URL about to be stored: a forbidden address or an unusable answer refuses the write (422). */
export async function checked(deps: FetchDeps, url: string, kind: CreateSourceRequest['kind']): Promise<SourceCheck> {
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

/** Refuses (400 protected_source) a change to the eval or manual source. */
export function refuseProtected(source: SourceRow, action: string): void {
  if (isProtectedSource(source.identifier)) {
    throw new HttpError(
      400,
      codes.protectedSource,
      `the ${source.identifier} source is protected: it holds ${source.identifier === 'eval' ? 'the evaluation articles' : 'articles scraped by URL'} and cannot be ${action}`,
    );
  }
}
