import type { SourceCheck, SourceKindValue } from '@huntforge/contracts/ingestion';
import { decodeBody } from '../../fetching/charset';
import { FetchError } from '../../fetching/fetch-errors';
import { FeedParseError, parseFeedDocument } from '../../extraction/feed-parse';
import type { FetchDeps } from '../ingest-article/page-content';

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';

/**
 * Fetches a source's URL once, through the same SSRF-guarded fetcher as collection: does it answer, and
 * (for feeds) does it parse into entries? A forbidden address is rethrown, for the caller to refuse.
 */
export async function checkSourceUrl(deps: FetchDeps, url: string, kind: SourceKindValue): Promise<SourceCheck> {
  let response;
  try {
    response = await deps.gate.run(url, () => deps.fetch({ url, accept: kind === 'html' ? 'text/html' : FEED_ACCEPT }));
  } catch (error) {
    if (error instanceof FetchError && (error.kind === 'url_not_allowed' || error.kind === 'invalid_url')) throw error;
    const reason = error instanceof FetchError ? `${error.kind}: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { ok: false, status: error instanceof FetchError ? (error.status ?? null) : null, content_type: null, items: null, reason };
  }
  const base = { status: response.status, content_type: response.contentType ?? null };
  if (kind === 'html') return { ...base, ok: true, items: null, reason: null };
  try {
    const entries = parseFeedDocument(decodeBody(response.body, response.contentType), response.url).entries;
    return { ...base, ok: true, items: entries.length, reason: null };
  } catch (error) {
    const reason =
      error instanceof FeedParseError ? `not a ${kind} feed: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { ...base, ok: false, items: null, reason };
  }
}
