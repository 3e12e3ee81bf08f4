import { chunkDebugProgressSchema, chunkDebugQuerySchema, chunkDebugResponseSchema } from '../content-filter/chunk-debug';
import { contentFilterArticleParamsSchema } from '../content-filter/common';
import { detectOsBodySchema, detectOsResultSchema } from '../content-filter/detect-os';
import {
  articleChunkFeedbackResponseSchema,
  chunkFeedbackParamsSchema,
  createChunkFeedbackRequestSchema,
  createChunkFeedbackResponseSchema,
  singleChunkFeedbackResponseSchema,
} from '../content-filter/feedback';
import {
  classificationTimelineResponseSchema,
  evalChunkCountResponseSchema,
  evaluateResponseSchema,
  feedbackComparisonResponseSchema,
  feedbackCountResponseSchema,
  modelComparisonSchema,
  modelPerformanceSummarySchema,
  modelVersionParamsSchema,
  modelVersionsQuerySchema,
  modelVersionsResponseSchema,
  retrainQuerySchema,
  retrainAcceptedSchema,
  retrainResultSchema,
  retrainStatusSchema,
  rollbackResponseSchema,
} from '../content-filter/model';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

const versionParams = modelVersionParamsSchema.extend({
  version_id: modelVersionParamsSchema.shape.version_id.meta({
    description: 'The model version number (as listed by GET /api/model/versions)',
  }),
});

export const contentFilterRoutes = {
  getArticlesChunkDebug: defineRoute('content-filter', {
    method: 'get',
    path: '/api/articles/{article_id}/chunk-debug',
    summary: "Every chunk's keep/remove decision and why (local model only, at most CHUNK_DEBUG_MAX_CHUNKS chunks)",
    tags: ['Content filter'],
    request: { params: contentFilterArticleParamsSchema, query: chunkDebugQuerySchema },
    responses: {
      200: jsonContent(chunkDebugResponseSchema, 'Decisions; chunk_limit_applied when the article held more chunks'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['article_not_found']),
      503: errorResponse(['model_unavailable']),
    },
  }),
  getArticlesChunkDebugProgress: defineRoute('content-filter', {
    method: 'get',
    path: '/api/articles/{article_id}/chunk-debug/progress',
    summary: 'Progress of a running chunk-debug pass (shared by every replica): filtering, analyzing, finalizing',
    tags: ['Content filter'],
    request: { params: contentFilterArticleParamsSchema },
    responses: {
      200: jsonContent(chunkDebugProgressSchema, 'in_progress false when nothing runs'),
      400: errorResponse(['validation_error']),
    },
  }),
  postArticlesDetectOs: defineRoute('content-filter', {
    method: 'post',
    path: '/api/articles/{article_id}/detect-os',
    summary: 'Deterministic OS detection: content filter first, then the weighted platform registry over the kept chunks',
    tags: ['Content filter'],
    request: { params: contentFilterArticleParamsSchema, body: jsonBody(detectOsBodySchema, false) },
    responses: {
      200: jsonContent(detectOsResultSchema, 'windows, linux, macos, cross-platform or unknown'),
      400: errorResponse(['validation_error', 'invalid_json']),
      404: errorResponse(['article_not_found']),
      422: errorResponse(['no_huntable_content'], 'No chunk clears the JunkFilterThreshold'),
      503: errorResponse(['model_unavailable']),
    },
  }),
  postFeedbackChunkClassification: defineRoute('content-filter', {
    method: 'post',
    path: '/api/feedback/chunk-classification',
    summary: "Record feedback on one chunk's classification",
    tags: ['Content filter'],
    request: { body: jsonBody(createChunkFeedbackRequestSchema) },
    responses: {
      201: jsonContent(createChunkFeedbackResponseSchema, 'Stored'),
      400: errorResponse(['validation_error', 'invalid_json'], 'Classifications must be Huntable or Not Huntable'),
      404: errorResponse(['article_not_found']),
    },
  }),
  getFeedbackChunkClassification: defineRoute('content-filter', {
    method: 'get',
    path: '/api/feedback/chunk-classification/{article_id}',
    summary: 'All feedback for an article keyed by chunk id, newest per chunk',
    tags: ['Content filter'],
    request: { params: contentFilterArticleParamsSchema },
    responses: {
      200: jsonContent(articleChunkFeedbackResponseSchema, 'Feedback by chunk id'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['article_not_found']),
    },
  }),
  getFeedbackChunkClassificationChunk: defineRoute('content-filter', {
    method: 'get',
    path: '/api/feedback/chunk-classification/{article_id}/{chunk_id}',
    summary: 'The newest feedback for one chunk, or null',
    tags: ['Content filter'],
    request: { params: chunkFeedbackParamsSchema },
    responses: {
      200: jsonContent(singleChunkFeedbackResponseSchema, '{feedback: object or null}'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['article_not_found']),
    },
  }),
  getModelRetrainStatus: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/retrain-status',
    summary: 'Status of the latest retrain: idle, starting, loading, training, evaluating, complete, error',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(retrainStatusSchema, 'Status with progress 0-1') },
  }),
  postModelRetrain: defineRoute('content-filter', {
    method: 'post',
    path: '/api/model/retrain',
    summary: 'Retrain from seed + feedback + huntability annotations, gated on the curated eval set (recall and F1 for Huntable >= 0.30)',
    tags: ['Content-filter model'],
    request: { query: retrainQuerySchema },
    responses: {
      200: jsonContent(retrainResultSchema, 'With ?wait=true: the outcome (success false with RETRAIN REJECTED when the gate fails)'),
      202: jsonContent(retrainAcceptedSchema, 'Started in the background; poll status_url'),
      400: errorResponse(['validation_error']),
      409: errorResponse(['retrain_in_progress']),
    },
  }),
  getModelVersions: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/versions',
    summary: 'Model versions, newest first (page optional: omit for the newest `limit`)',
    tags: ['Content-filter model'],
    request: { query: modelVersionsQuerySchema },
    responses: { 200: jsonContent(modelVersionsResponseSchema, 'Versions'), 400: errorResponse(['validation_error']) },
  }),
  postModelEvaluate: defineRoute('content-filter', {
    method: 'post',
    path: '/api/model/evaluate',
    summary: 'Evaluate the current model on the curated eval set (metrics saved on the version)',
    tags: ['Content-filter model'],
    responses: {
      200: jsonContent(evaluateResponseSchema, 'Metrics'),
      422: errorResponse(['eval_set_missing']),
      503: errorResponse(['model_unavailable']),
    },
  }),
  getModelEvalChunkCount: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/eval-chunk-count',
    summary: 'Size of the curated eval set (after the 200-character length filter)',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(evalChunkCountResponseSchema, 'Counts') },
  }),
  getModelFeedbackCount: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/feedback-count',
    summary: 'Feedback and huntability annotations not yet used for training',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(feedbackCountResponseSchema, 'Counts') },
  }),
  postModelRollback: defineRoute('content-filter', {
    method: 'post',
    path: '/api/model/rollback/{version_id}',
    summary: 'Make a saved version live (primary artifact, else its secondary copy) and re-score stored chunk analyses in the background',
    tags: ['Content-filter model'],
    request: { params: versionParams },
    responses: {
      200: jsonContent(rollbackResponseSchema, 'Rolled back'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['model_version_not_found']),
      422: errorResponse(['artifact_missing'], 'Neither artifact copy exists'),
    },
  }),
  getModelCompare: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/compare/{version_id}',
    summary: 'Metrics and confusion matrices of a version versus its predecessor on the curated eval set (computed once, then cached)',
    tags: ['Content-filter model'],
    request: { params: versionParams },
    responses: {
      200: jsonContent(modelComparisonSchema, 'Comparison'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['model_version_not_found']),
      422: errorResponse(['no_predecessor', 'eval_set_missing', 'artifact_missing']),
    },
  }),
  getModelFeedbackComparison: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/feedback-comparison',
    summary: 'Before/after confidence for chunks with feedback (before: when the feedback was given; after: the current model)',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(feedbackComparisonResponseSchema, 'Comparison'), 503: errorResponse(['model_unavailable']) },
  }),
  getModelClassificationTimeline: defineRoute('content-filter', {
    method: 'get',
    path: '/api/model/classification-timeline',
    summary: 'Classification breakdown of stored chunk analyses per model version',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(classificationTimelineResponseSchema, 'Timeline') },
  }),
  getMlModelPerformanceSummary: defineRoute('content-filter', {
    method: 'get',
    path: '/api/ml-model-performance/summary',
    summary: 'Current model metrics, eval_set_size, total_model_versions, waiting feedback and the last retrain',
    tags: ['Content-filter model'],
    responses: { 200: jsonContent(modelPerformanceSummarySchema, 'Summary') },
  }),
} as const;
