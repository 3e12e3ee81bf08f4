import { INGESTION_ERROR_CODES } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { FetchError } from './fetching/fetch-errors';

const codes = INGESTION_ERROR_CODES;

/** A fetch failure as the API reports it: refused or malformed URLs are the caller's 400, the rest a 502. */
export function httpErrorOfFetch(error: FetchError): HttpError {
  if (error.kind === 'invalid_url') return new HttpError(400, codes.invalidUrl, error.message);
  if (error.kind === 'url_not_allowed') return new HttpError(400, codes.urlNotAllowed, error.message);
  return new HttpError(502, codes.fetchFailed, `fetch failed: ${error.message}`, {
    reason: error.kind,
    ...(error.status !== undefined ? { upstream_status: error.status } : {}),
  });
}

export const notFound = (what: string, id: string | number): HttpError => new HttpError(404, 'not_found', `${what} ${id} not found`);
