import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  annotationListResponseSchema,
  annotationSchema,
  createAnnotationRequestSchema,
} from '../ingestion/annotations';
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
} from '../ingestion/sources';
import { errorResponse, jsonContent, registerRoute } from './route-helpers';

const json = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });
const notFound = errorResponse(['not_found']);
const invalid = errorResponse(['validation_error', 'invalid_json']);

function registerSourceRoutes(registry: OpenAPIRegistry): void {
  const tags = ['Sources'];
  registerRoute(registry, {
    method: 'get',
    path: '/api/sources',
    summary: 'Sources with their health (last check, last success, consecutive failures, last error)',
    tags,
    responses: { 200: jsonContent(sourceListResponseSchema, 'Every source, protected ones included') },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/sources/{source_id}',
    summary: 'One source (by id or identifier) with its recent collection runs',
    tags,
    request: { params: sourceIdParamsSchema },
    responses: { 200: jsonContent(sourceDetailResponseSchema, 'The source'), 404: notFound },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/sources/{source_id}/runs/{run_id}',
    summary: "A collection run's progress and outcome, with per-item results",
    tags,
    request: { params: sourceRunParamsSchema },
    responses: { 200: jsonContent(collectionRunSchema, 'The run'), 400: invalid, 404: notFound },
  });
  registerRoute(registry, {
    method: 'post',
    path: '/api/sources/{source_id}/collect',
    summary: 'Start collecting a source now; answers at once with the run id',
    tags,
    request: { params: sourceIdParamsSchema },
    responses: {
      202: jsonContent(collectResponseSchema, 'Collection started'),
      400: errorResponse(['source_not_collectable'], 'eval and manual are never collected'),
      404: notFound,
      409: errorResponse(['collection_in_progress'], 'The source is already being collected (details.run_id)'),
    },
  });
  registerRoute(registry, {
    method: 'put',
    path: '/api/sources/{source_id}/image_ocr',
    summary: 'Per-source OCR override: true on, false off, null inherits OCR_INGEST_ENABLED',
    tags,
    request: { params: sourceIdParamsSchema, body: json(updateImageOcrRequestSchema) },
    responses: {
      200: jsonContent(sourceSchema, 'The source after the change'),
      400: errorResponse(['protected_source', 'validation_error', 'invalid_json'], 'Refused for eval and manual, or a bad body'),
      404: notFound,
    },
  });
  registerRoute(registry, {
    method: 'post',
    path: '/api/scrape-url',
    summary: 'Fetch one page (SSRF-guarded) into the manual source',
    tags: ['Articles'],
    request: { body: json(scrapeUrlRequestSchema) },
    responses: {
      200: jsonContent(scrapeUrlResponseSchema, 'Already stored (duplicate: true)'),
      201: jsonContent(scrapeUrlResponseSchema, 'Stored'),
      400: errorResponse(['invalid_url', 'url_not_allowed', 'validation_error', 'invalid_json']),
      415: errorResponse(['unsupported_content'], 'Not an HTML page'),
      422: errorResponse(['no_content'], 'No extractable article text'),
      502: errorResponse(['fetch_failed'], 'The page could not be fetched (details.reason)'),
    },
  });
}

function registerArticleRoutes(registry: OpenAPIRegistry): void {
  const tags = ['Articles'];
  const params = articleIdParamsSchema;
  registerRoute(registry, {
    method: 'get',
    path: '/api/articles',
    summary: 'Articles: filter by source, hunt-score range, text, publication date; sort; page',
    tags,
    request: { query: listArticlesQuerySchema },
    responses: { 200: jsonContent(listArticlesResponseSchema, 'A page of articles'), 400: invalid, 404: errorResponse(['not_found'], 'Unknown source') },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/articles/{article_id}',
    summary: 'Article metadata, hunt-score breakdown (matched terms per tier) and content',
    tags,
    request: { params },
    responses: { 200: jsonContent(articleDetailSchema, 'The article'), 400: invalid, 404: notFound },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/articles/{article_id}/similar',
    summary: 'Nearest articles by embedding, and SimHash near duplicates',
    tags,
    request: { params, query: similarArticlesQuerySchema },
    responses: { 200: jsonContent(similarArticlesResponseSchema, 'Similar articles'), 400: invalid, 404: notFound },
  });
  registerRoute(registry, {
    method: 'delete',
    path: '/api/articles/{article_id}',
    summary: 'Delete an article with its annotations, feedback, chunk results and executions; reports what was removed',
    tags,
    request: { params },
    responses: { 200: jsonContent(deleteArticleResponseSchema, 'Deleted'), 400: invalid, 404: notFound },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/articles/{article_id}/annotations',
    summary: "An article's annotations",
    tags,
    request: { params },
    responses: { 200: jsonContent(annotationListResponseSchema, 'Annotations by position'), 400: invalid, 404: notFound },
  });
  registerRoute(registry, {
    method: 'post',
    path: '/api/articles/{article_id}/annotations',
    summary: 'Annotate a span; huntable / not_huntable need 950–1050 characters and must quote the content exactly',
    tags,
    request: { params, body: json(createAnnotationRequestSchema) },
    responses: {
      201: jsonContent(annotationSchema, 'Created'),
      400: errorResponse(['annotation_length', 'annotation_mismatch', 'validation_error', 'invalid_json']),
      404: notFound,
    },
  });
}

function registerSearchRoutes(registry: OpenAPIRegistry): void {
  const tags = ['Search'];
  registerRoute(registry, {
    method: 'post',
    path: '/api/search/semantic',
    summary: 'Semantic search over articles, ranked by similarity',
    tags,
    request: { body: json(semanticSearchRequestSchema) },
    responses: {
      200: jsonContent(semanticSearchResponseSchema, 'Ranked results'),
      400: invalid,
      404: errorResponse(['not_found'], 'Unknown source'),
      503: errorResponse(['embedding_unavailable'], 'The configured embedder failed'),
    },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/search/help',
    summary: 'How to search: semantic fields, article filters, examples',
    tags,
    responses: { 200: jsonContent(searchHelpResponseSchema, 'Search help') },
  });
  registerRoute(registry, {
    method: 'get',
    path: '/api/embeddings/stats',
    summary: 'Embedding coverage of articles and of the reference Sigma corpus',
    tags,
    responses: { 200: jsonContent(embeddingStatsResponseSchema, 'Coverage') },
  });
}

/** The ingestion service's public routes in the OpenAPI document. */
export function registerIngestionRoutes(registry: OpenAPIRegistry): void {
  registerSourceRoutes(registry);
  registerArticleRoutes(registry);
  registerSearchRoutes(registry);
}
