import { annotationListResponseSchema, annotationSchema, createAnnotationRequestSchema } from '../ingestion/annotations';
import {
  articleDetailSchema,
  articleIdParamsSchema,
  deleteArticleResponseSchema,
  listArticlesQuerySchema,
  listArticlesResponseSchema,
  scrapeUrlRequestSchema,
  scrapeUrlResponseSchema,
  similarArticlesQuerySchema,
  similarArticlesResponseSchema,
} from '../ingestion/articles';
import { articleDailyCountsQuerySchema, articleDailyCountsResponseSchema } from '../ingestion/daily-counts';
import {
  embeddingStatsResponseSchema,
  searchHelpResponseSchema,
  semanticSearchRequestSchema,
  semanticSearchResponseSchema,
} from '../ingestion/search';
import {
  collectionRunSchema,
  collectResponseSchema,
  sourceDetailResponseSchema,
  sourceIdParamsSchema,
  sourceListResponseSchema,
  sourceRunParamsSchema,
  sourceSchema,
  updateImageOcrRequestSchema,
  createSourceRequestSchema,
  updateSourceRequestSchema,
  sourceWriteResponseSchema,
} from '../ingestion/sources';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

const notFound = errorResponse(['not_found']);
const invalid = errorResponse(['validation_error', 'invalid_json']);

export const ingestionRoutes = {
  getSources: defineRoute('ingestion', {
    method: 'get',
    path: '/api/sources',
    summary: 'Sources with their health (last check, last success, consecutive failures, last error)',
    tags: ['Sources'],
    responses: { 200: jsonContent(sourceListResponseSchema, 'Every source, protected ones included') },
  }),
  getSource: defineRoute('ingestion', {
    method: 'get',
    path: '/api/sources/{source_id}',
    summary: 'One source (by id or identifier) with its recent collection runs',
    tags: ['Sources'],
    request: { params: sourceIdParamsSchema },
    responses: { 200: jsonContent(sourceDetailResponseSchema, 'The source'), 404: notFound },
  }),
  postSources: defineRoute('ingestion', {
    method: 'post',
    path: '/api/sources',
    summary: 'Add a source (admins). The URL is fetched once first (SSRF-guarded): an unreachable one is refused unless skip_check',
    tags: ['Sources'],
    request: { body: jsonBody(createSourceRequestSchema) },
    responses: {
      201: jsonContent(sourceWriteResponseSchema, 'The source, with what the check found'),
      400: invalid,
      409: errorResponse(['source_exists'], 'A source with this identifier exists'),
      422: errorResponse(
        ['source_unreachable', 'url_not_allowed'],
        'The URL did not answer usefully (details.check says why), or points at a forbidden address',
      ),
    },
  }),
  patchSource: defineRoute('ingestion', {
    method: 'patch',
    path: '/api/sources/{source_id}',
    summary: 'Change a source (admins): name, URL, kind, enabled (active), frequency, lookback, minimum length. A new URL is checked first',
    tags: ['Sources'],
    request: { params: sourceIdParamsSchema, body: jsonBody(updateSourceRequestSchema) },
    responses: {
      200: jsonContent(sourceWriteResponseSchema, 'The source after the change'),
      400: errorResponse(['protected_source', 'validation_error', 'invalid_json'], 'eval and manual cannot be changed, or a bad body'),
      404: notFound,
      422: errorResponse(['source_unreachable', 'url_not_allowed']),
    },
  }),
  deleteSource: defineRoute('ingestion', {
    method: 'delete',
    path: '/api/sources/{source_id}',
    summary: 'Delete a source without articles (admins); one with articles is refused (disable it instead)',
    tags: ['Sources'],
    request: { params: sourceIdParamsSchema },
    responses: {
      204: { description: 'Deleted, with its collection runs' },
      400: errorResponse(['protected_source'], 'eval and manual cannot be deleted'),
      404: notFound,
      409: errorResponse(
        ['source_has_articles', 'collection_in_progress'],
        'It holds articles (details.article_count), or is being collected',
      ),
    },
  }),
  getSourcesRuns: defineRoute('ingestion', {
    method: 'get',
    path: '/api/sources/{source_id}/runs/{run_id}',
    summary: "A collection run's progress and outcome, with per-item results",
    tags: ['Sources'],
    request: { params: sourceRunParamsSchema },
    responses: { 200: jsonContent(collectionRunSchema, 'The run'), 400: invalid, 404: notFound },
  }),
  postSourcesCollect: defineRoute('ingestion', {
    method: 'post',
    path: '/api/sources/{source_id}/collect',
    summary: 'Start collecting a source now; answers at once with the run id',
    tags: ['Sources'],
    request: { params: sourceIdParamsSchema },
    responses: {
      202: jsonContent(collectResponseSchema, 'Collection started'),
      400: errorResponse(['source_not_collectable'], 'eval and manual are never collected'),
      404: notFound,
      409: errorResponse(['collection_in_progress'], 'The source is already being collected (details.run_id)'),
    },
  }),
  putSourcesImageOcr: defineRoute('ingestion', {
    method: 'put',
    path: '/api/sources/{source_id}/image_ocr',
    summary: 'Per-source OCR override: true on, false off, null inherits OCR_INGEST_ENABLED',
    tags: ['Sources'],
    request: { params: sourceIdParamsSchema, body: jsonBody(updateImageOcrRequestSchema) },
    responses: {
      200: jsonContent(sourceSchema, 'The source after the change'),
      400: errorResponse(['protected_source', 'validation_error', 'invalid_json'], 'Refused for eval and manual, or a bad body'),
      404: notFound,
    },
  }),
  postScrapeUrl: defineRoute('ingestion', {
    method: 'post',
    path: '/api/scrape-url',
    summary: 'Fetch one page (SSRF-guarded) into the manual source',
    tags: ['Articles'],
    request: { body: jsonBody(scrapeUrlRequestSchema) },
    responses: {
      200: jsonContent(scrapeUrlResponseSchema, 'Already stored (duplicate: true)'),
      201: jsonContent(scrapeUrlResponseSchema, 'Stored'),
      400: errorResponse(['invalid_url', 'url_not_allowed', 'validation_error', 'invalid_json']),
      415: errorResponse(['unsupported_content'], 'Not an HTML page'),
      422: errorResponse(['no_content'], 'No extractable article text'),
      502: errorResponse(['fetch_failed'], 'The page could not be fetched (details.reason)'),
    },
  }),

  getArticles: defineRoute('ingestion', {
    method: 'get',
    path: '/api/articles',
    summary: 'Articles: filter by source, hunt-score range, text, publication date; sort; page by number or by cursor',
    tags: ['Articles'],
    request: { query: listArticlesQuerySchema },
    responses: {
      200: jsonContent(listArticlesResponseSchema, 'A page of articles'),
      400: errorResponse(
        ['validation_error', 'invalid_cursor'],
        'Invalid query, or a cursor this list did not issue (other filters, sort or limit)',
      ),
      404: errorResponse(['not_found'], 'Unknown source'),
    },
  }),
  getArticlesDailyCounts: defineRoute('ingestion', {
    method: 'get',
    path: '/api/articles/daily-counts',
    summary: 'Articles collected per UTC day over the last `days` days (the dashboard chart)',
    tags: ['Articles'],
    request: { query: articleDailyCountsQuerySchema },
    responses: {
      200: jsonContent(articleDailyCountsResponseSchema, 'Counts per day, zero-filled'),
      400: errorResponse(['validation_error'], '`days` is not a whole number from 1 to 365'),
    },
  }),
  getArticle: defineRoute('ingestion', {
    method: 'get',
    path: '/api/articles/{article_id}',
    summary: 'Article metadata, hunt-score breakdown (matched terms per tier) and content',
    tags: ['Articles'],
    request: { params: articleIdParamsSchema },
    responses: { 200: jsonContent(articleDetailSchema, 'The article'), 400: invalid, 404: notFound },
  }),
  getArticlesSimilar: defineRoute('ingestion', {
    method: 'get',
    path: '/api/articles/{article_id}/similar',
    summary: 'Nearest articles by embedding, and SimHash near duplicates',
    tags: ['Articles'],
    request: { params: articleIdParamsSchema, query: similarArticlesQuerySchema },
    responses: { 200: jsonContent(similarArticlesResponseSchema, 'Similar articles'), 400: invalid, 404: notFound },
  }),
  deleteArticle: defineRoute('ingestion', {
    method: 'delete',
    path: '/api/articles/{article_id}',
    summary: 'Delete an article with its annotations, feedback, chunk results and executions; reports what was removed',
    tags: ['Articles'],
    request: { params: articleIdParamsSchema },
    responses: { 200: jsonContent(deleteArticleResponseSchema, 'Deleted'), 400: invalid, 404: notFound },
  }),
  getArticlesAnnotations: defineRoute('ingestion', {
    method: 'get',
    path: '/api/articles/{article_id}/annotations',
    summary: "An article's annotations",
    tags: ['Articles'],
    request: { params: articleIdParamsSchema },
    responses: { 200: jsonContent(annotationListResponseSchema, 'Annotations by position'), 400: invalid, 404: notFound },
  }),
  postArticlesAnnotations: defineRoute('ingestion', {
    method: 'post',
    path: '/api/articles/{article_id}/annotations',
    summary: 'Annotate a span; huntable / not_huntable need 950–1050 characters and must quote the content exactly',
    tags: ['Articles'],
    request: { params: articleIdParamsSchema, body: jsonBody(createAnnotationRequestSchema) },
    responses: {
      201: jsonContent(annotationSchema, 'Created'),
      400: errorResponse(['annotation_length', 'annotation_mismatch', 'validation_error', 'invalid_json']),
      404: notFound,
    },
  }),

  postSearchSemantic: defineRoute('ingestion', {
    method: 'post',
    path: '/api/search/semantic',
    summary: 'Semantic search over articles, ranked by similarity',
    tags: ['Search'],
    request: { body: jsonBody(semanticSearchRequestSchema) },
    responses: {
      200: jsonContent(semanticSearchResponseSchema, 'Ranked results'),
      400: invalid,
      404: errorResponse(['not_found'], 'Unknown source'),
      503: errorResponse(['embedding_unavailable'], 'The configured embedder failed'),
    },
  }),
  getSearchHelp: defineRoute('ingestion', {
    method: 'get',
    path: '/api/search/help',
    summary: 'How to search: semantic fields, article filters, examples',
    tags: ['Search'],
    responses: { 200: jsonContent(searchHelpResponseSchema, 'Search help') },
  }),
  getEmbeddingsStats: defineRoute('ingestion', {
    method: 'get',
    path: '/api/embeddings/stats',
    summary: 'Embedding coverage of articles and of the reference Sigma corpus',
    tags: ['Search'],
    responses: { 200: jsonContent(embeddingStatsResponseSchema, 'Coverage') },
  }),
} as const;
