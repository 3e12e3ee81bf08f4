import { INGESTION_ERROR_CODES, type ScrapeUrlRequest, type ScrapeUrlResponse } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import { canonicalUrl } from '../../dedup/canonical-url';
import { httpErrorOfFetch } from '../../errors';
import { FetchError } from '../../fetching/fetch-errors';
import { parseTargetUrl } from '../../fetching/url-guard';
import type { IngestionPorts } from '../../ports';
import { uniqueViolationOf } from '../../repositories/article-repository';
import { ingestArticle, prepareArticle, publishIngested, type IngestArticleDeps } from '../ingest-article/ingest-article';
import {
  appendImageText,
  fetchPage,
  ocrEnabledFor,
  UnsupportedContentError,
  type FetchedPage,
  type ImageTextDeps,
  type OcrSettingDeps,
} from '../ingest-article/page-content';

const codes = INGESTION_ERROR_CODES;
export const MANUAL_SOURCE = 'manual';

export interface ScrapeUrlDeps extends IngestArticleDeps, ImageTextDeps, OcrSettingDeps {
  sources: Pick<IngestionPorts['sources'], 'find'>;
  articles: IngestArticleDeps['articles'] & Pick<IngestionPorts['articles'], 'replaceContent'>;
  queries: Pick<IngestionPorts['queries'], 'detail'>;
}

/**
 * POST /api/scrape-url: one page into the `manual` source. A known URL answers with the stored article
 * unless force_scrape asks to fetch it again and refresh it in place.
 */
export async function scrapeUrl(deps: ScrapeUrlDeps, request: ScrapeUrlRequest): Promise<ScrapeUrlResponse> {
  let url: URL;
  try {
    url = parseTargetUrl(request.url);
  } catch (error) {
    throw error instanceof FetchError ? httpErrorOfFetch(error) : error;
  }
  const source = await deps.sources.find(MANUAL_SOURCE);
  if (!source) throw new HttpError(503, 'service_unavailable', 'the manual source is missing; sources have not been synced');
  const canonical = canonicalUrl(url.toString());
  const existingId = await deps.articles.idByCanonicalUrl(canonical);
  if (existingId !== null && !request.force_scrape) {
    const existing = await deps.queries.detail(existingId);
    return {
      article_id: existingId,
      duplicate: true,
      duplicate_reason: 'canonical_url',
      duplicate_of: existing?.duplicateOfId ?? null,
      hunt_score: existing?.huntScore ?? 0,
      title: existing?.title ?? '',
    };
  }

  let page: FetchedPage;
  try {
    page = await fetchPage(deps, url.toString());
  } catch (error) {
    if (error instanceof FetchError) throw httpErrorOfFetch(error);
    if (error instanceof UnsupportedContentError)
      throw new HttpError(415, codes.unsupportedContent, error.message, { content_type: error.contentType });
    throw error;
  }
  const text = page.text.trim();
  if (text.length === 0 || text.length < source.minContentLength) {
    throw new HttpError(422, codes.noContent, 'no extractable article text on the page', {
      length: text.length,
      minimum: source.minContentLength,
    });
  }
  const withOcr = await appendImageText(deps, text, page.imageUrls, await ocrEnabledFor(deps, source));
  const title = request.title ?? (page.title || url.hostname);
  const candidate = {
    sourceId: source.id,
    url: url.toString(),
    title,
    content: withOcr.text,
    publishedAt: page.publishedAt,
    metadata: { scraped: true, final_url: page.finalUrl, ocr: withOcr.report },
  };

  if (existingId !== null) {
    // force_scrape on a known URL: refresh the stored article in place.
    const { article, embedding } = await prepareArticle(deps, candidate, existingId);
    try {
      await deps.articles.replaceContent(existingId, article, embedding);
    } catch (error) {
      if (uniqueViolationOf(error) !== 'content_hash') throw error;
      const other = await deps.articles.idByContentHash(article.contentHash);
      return {
        article_id: other ?? existingId,
        duplicate: true,
        duplicate_reason: 'content_hash',
        duplicate_of: null,
        hunt_score: article.huntScore,
        title,
      };
    }
    await publishIngested(deps, existingId, article.huntScore);
    return {
      article_id: existingId,
      duplicate: false,
      duplicate_reason: null,
      duplicate_of: article.duplicateOfId,
      hunt_score: article.huntScore,
      title,
    };
  }

  const outcome = await ingestArticle(deps, candidate);
  if (outcome.outcome === 'duplicate') {
    const existing = outcome.articleId !== null ? await deps.queries.detail(outcome.articleId) : null;
    return {
      article_id: outcome.articleId ?? 0,
      duplicate: true,
      duplicate_reason: outcome.reason,
      duplicate_of: existing?.duplicateOfId ?? null,
      hunt_score: existing?.huntScore ?? 0,
      title: existing?.title ?? title,
    };
  }
  return {
    article_id: outcome.articleId,
    duplicate: false,
    duplicate_reason: null,
    duplicate_of: outcome.duplicateOf,
    hunt_score: outcome.huntScore,
    title,
  };
}
