import type { CollectionRunRecord, SourceRecord } from '../../records';
import { canonicalUrl } from '../../dedup/canonical-url';
import { decodeBody } from '../../fetching/charset';
import { FetchError } from '../../fetching/fetch-errors';
import { parseFeedDocument, FeedParseError, type FeedEntry } from '../../extraction/feed-parse';
import { fragmentToText, listingLinks } from '../../extraction/html-extract';
import { MAX_ITEMS_IN_DETAIL, type RunDetail, type RunItem, type RunTotals } from '../../repositories/collection-run-repository';
import type { IngestionPorts } from '../../ports';
import { ingestArticle, type IngestArticleDeps } from '../ingest-article/ingest-article';
import {
  appendImageText,
  fetchPage,
  ocrEnabledFor,
  type FetchDeps,
  type ImageTextDeps,
  type OcrSettingDeps,
} from '../ingest-article/page-content';

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5';
const DEFAULT_LINK_SELECTOR = 'article a[href], main a[href], h2 a[href], h3 a[href]';
const MAX_LISTING_LINKS = 50;
/** Write progress to the run row at most this often, so long runs stay observable without a write per item. */
const PROGRESS_EVERY_MS = 1_000;

/** What one collection run touches: the feed and its pages, OCR, the article store, the run and source rows. */
export interface RunCollectionDeps extends IngestArticleDeps, ImageTextDeps, OcrSettingDeps, Pick<IngestionPorts, 'now'> {
  articles: IngestArticleDeps['articles'] & Pick<IngestionPorts['articles'], 'idsByCanonicalUrls'>;
  runs: Pick<IngestionPorts['runs'], 'progress' | 'finish'>;
  sources: Pick<IngestionPorts['sources'], 'recordSuccess' | 'recordFailure'>;
}

export interface RunCollectionCommand {
  source: SourceRecord;
  /** The run row this collection reports its progress and outcome on. */
  run: CollectionRunRecord;
  /** Aborts the run (the module stopping, the scheduler's lease lost). */
  signal?: AbortSignal;
}

/** A feed-level failure: the source is marked failing with this reason. */
class SourceFailure extends Error {}

function reasonOf(error: unknown): string {
  if (error instanceof FetchError) return `${error.kind}: ${error.message}`;
  if (error instanceof FeedParseError) return `parse: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

async function entriesOf(
  deps: FetchDeps,
  source: SourceRecord,
  signal?: AbortSignal,
): Promise<{ entries: FeedEntry[]; notModified: boolean; validators: { etag: string | null; lastModified: string | null } }> {
  let response;
  try {
    response = await deps.gate.run(source.url, () =>
      deps.fetch({
        url: source.url,
        accept: source.kind === 'html' ? 'text/html' : FEED_ACCEPT,
        etag: source.etag,
        lastModified: source.lastModified,
        signal,
      }),
    );
  } catch (error) {
    throw new SourceFailure(reasonOf(error));
  }
  const validators = { etag: response.headers['etag'] ?? null, lastModified: response.headers['last-modified'] ?? null };
  if (response.notModified) return { entries: [], notModified: true, validators: { etag: source.etag, lastModified: source.lastModified } };
  try {
    const text = decodeBody(response.body, response.contentType);
    if (source.kind === 'html') {
      const selector =
        typeof (source.config as Record<string, unknown>)?.['link_selector'] === 'string'
          ? String((source.config as Record<string, unknown>)['link_selector'])
          : DEFAULT_LINK_SELECTOR;
      const links = listingLinks(text, response.url, selector, MAX_LISTING_LINKS);
      return {
        entries: links.map((url) => ({ url, title: '', publishedAt: null, contentHtml: null, summaryHtml: null, guid: null })),
        notModified: false,
        validators,
      };
    }
    return { entries: parseFeedDocument(text, response.url).entries, notModified: false, validators };
  } catch (error) {
    throw new SourceFailure(reasonOf(error));
  }
}

const canonicalOrNull = (url: string): string | null => {
  try {
    return canonicalUrl(url);
  } catch {
    return null;
  }
};

async function collectEntry(
  deps: RunCollectionDeps,
  source: SourceRecord,
  entry: FeedEntry,
  known: Map<string, number>,
  ocr: boolean,
  signal?: AbortSignal,
): Promise<RunItem> {
  const item = (outcome: RunItem['outcome'], articleId: number | null, reason: string | null): RunItem => ({
    url: entry.url,
    outcome,
    article_id: articleId,
    reason,
  });
  const canonical = canonicalOrNull(entry.url);
  if (canonical === null) return item('failed', null, 'invalid item URL');
  // Known URL: no page fetch at all. (A URL stored meanwhile by another collector is caught by the unique index.)
  const knownId = known.get(canonical);
  if (knownId !== undefined) return item('duplicate', knownId, 'canonical_url');

  const minimum = source.minContentLength;
  let title = entry.title;
  let publishedAt = entry.publishedAt;
  let { text, imageUrls } = entry.contentHtml ? fragmentToText(entry.contentHtml, entry.url) : { text: '', imageUrls: [] as string[] };
  let url = entry.url;
  if (text.length < minimum) {
    // Summary-only feed (or html source): the article is on its page. The summary is only a fallback,
    // so it is not even parsed unless the page cannot be had.
    try {
      const page = await fetchPage(deps, entry.url, signal);
      if (page.text.length > text.length) {
        text = page.text;
        imageUrls = page.imageUrls;
      }
      title = title || page.title;
      publishedAt = publishedAt ?? page.publishedAt;
      url = page.finalUrl;
    } catch (error) {
      const summary = entry.summaryHtml ? fragmentToText(entry.summaryHtml, entry.url) : null;
      if (!summary || Math.max(summary.text.length, text.length) < minimum) return item('failed', null, `page: ${reasonOf(error)}`);
      if (summary.text.length > text.length) ({ text, imageUrls } = summary);
    }
  }
  if (text.trim().length < minimum) return item('skipped', null, `content shorter than ${minimum} characters`);
  const withOcr = await appendImageText(deps, text, imageUrls, ocr, signal);
  const outcome = await ingestArticle(deps, {
    sourceId: source.id,
    url,
    title: title || url,
    content: withOcr.text,
    publishedAt,
    metadata: { feed_guid: entry.guid, feed_url: entry.url !== url ? entry.url : undefined, ocr: withOcr.report },
    urlChecked: url === entry.url,
  });
  if (outcome.outcome === 'duplicate') return item('duplicate', outcome.articleId, outcome.reason);
  return item(
    outcome.duplicateOf ? 'near_duplicate' : 'created',
    outcome.articleId,
    outcome.duplicateOf ? `near duplicate of ${outcome.duplicateOf}` : null,
  );
}

/**
 * One collection run of one source: conditional GET of the feed, parse, then each entry (skipping known
 * URLs and entries older than the lookback) fetched if needed, extracted, deduplicated, scored, stored.
 * Feed-level failures mark the source failing; item failures are counted and the run still succeeds.
 */
export async function runCollection(deps: RunCollectionDeps, command: RunCollectionCommand): Promise<CollectionRunRecord> {
  const { source, run, signal } = command;
  const totals: RunTotals = { itemsFound: 0, articlesCreated: 0, duplicates: 0, failures: 0 };
  const detail: RunDetail = { progress: { processed: 0, total: 0 }, not_modified: false, items: [] };
  const startedAt = deps.now();
  try {
    const { entries, notModified, validators } = await entriesOf(deps, source, signal);
    detail.not_modified = notModified;
    const cutoff = startedAt.getTime() - source.lookbackDays * 86_400_000;
    totals.itemsFound = entries.length;
    detail.progress.total = entries.length;
    const ocr = await ocrEnabledFor(deps, source);
    const known = await deps.articles.idsByCanonicalUrls(entries.flatMap((entry) => canonicalOrNull(entry.url) ?? []));
    let lastWrite = Date.now();
    for (const entry of entries) {
      signal?.throwIfAborted();
      let item: RunItem;
      if (entry.publishedAt && entry.publishedAt.getTime() < cutoff) {
        item = { url: entry.url, outcome: 'skipped', article_id: null, reason: `older than ${source.lookbackDays} days` };
      } else {
        try {
          item = await collectEntry(deps, source, entry, known, ocr, signal);
        } catch (error) {
          if (signal?.aborted) throw error;
          item = { url: entry.url, outcome: 'failed', article_id: null, reason: reasonOf(error) };
          deps.logger.warn({ err: error, source: source.identifier, url: entry.url }, 'feed item failed');
        }
      }
      if (item.outcome === 'created' || item.outcome === 'near_duplicate') totals.articlesCreated++;
      else if (item.outcome === 'duplicate') totals.duplicates++;
      else if (item.outcome === 'failed') totals.failures++;
      if (detail.items.length < MAX_ITEMS_IN_DETAIL) detail.items.push(item);
      detail.progress.processed++;
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
        lastWrite = Date.now();
        await deps.runs.progress(run.id, totals, detail);
      }
    }
    await deps.sources.recordSuccess(source.id, deps.now(), validators);
    const finished = await deps.runs.finish(run.id, 'succeeded', totals, detail, null);
    deps.logger.info({ source: source.identifier, run: run.id, ...totals, notModified }, 'collection finished');
    return finished;
  } catch (error) {
    const reason = error instanceof SourceFailure ? error.message : `collection aborted: ${reasonOf(error)}`;
    await deps.sources.recordFailure(source.id, deps.now(), reason);
    deps.logger.warn({ source: source.identifier, run: run.id, reason }, 'collection failed');
    return deps.runs.finish(run.id, 'failed', totals, detail, reason);
  }
}
