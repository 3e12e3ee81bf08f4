import {
  aggregateQuerySchema,
  aggregateResponseSchema,
  backfillResponseSchema,
  clearPendingResponseSchema,
  compareQuerySchema,
  compareResponseSchema,
  configVersionsModelsResponseSchema,
  evalArticlesResponseSchema,
  evalModelsResponseSchema,
  evalRecordParamsSchema,
  evalRecordSchema,
  evalResultsQuerySchema,
  evalResultsResponseSchema,
  legacyObservablesQuerySchema,
  legacyOsDetectionResponseSchema,
  optionalSubagentQuerySchema,
  rescoreQuerySchema,
  rescoreResponseSchema,
  runSubagentEvalRequestSchema,
  runSubagentEvalResponseSchema,
  savedEvalResultSchema,
  subagentQuerySchema,
} from '../workflow/evaluations';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

const TAG = 'Evaluations';
const MATCHING =
  'Items are compared as sets after normalisation: surrounding whitespace trimmed, runs of whitespace collapsed, case folded, ' +
  'defanged forms refanged (`[.]`, `hxxp`), quotes straightened; registry hives spelled one way (HKEY_LOCAL_MACHINE = HKLM) and ' +
  'doubled backslashes collapsed; process pairs compared as parent → child image names without `.exe`; a hunt query matches when ' +
  'it contains the expected fragment. An extracted item matching an optional (borderline) item is neither matched nor extra. ' +
  'precision = matched ÷ (matched + extra), recall = matched ÷ expected, f1 their harmonic mean; score = actual − expected count.';
const badQuery = errorResponse(['validation_error']);

/** Subagent evaluations (spec: Evaluation); served by the workflow service. */
export const evaluationRoutes = {
  getSubagentEvalArticles: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-articles',
    summary: 'The seeded eval articles of a subagent, with the ground-truth items and the expected count derived from them',
    tags: [TAG],
    request: { query: subagentQuerySchema },
    responses: { 200: jsonContent(evalArticlesResponseSchema, 'Eval articles'), 400: badQuery },
  }),
  postRunSubagentEval: defineRoute('workflow', {
    method: 'post',
    path: '/api/evaluations/run-subagent-eval',
    summary:
      'Runs one evaluation execution per eval article against the active config (only the target extractor; no junk filter, OS detection, ranking or queue)',
    description:
      'Executions are staggered by EVAL_STAGGER_SECONDS. Refused with 422 before any write when a URL has no committed fixture or the run is ' +
      'larger than MAX_EVAL_EXECUTIONS_PER_LAUNCH. The legacy field use_active_config is ignored; no other config is ever activated. ' +
      MATCHING,
    tags: [TAG],
    request: { body: jsonBody(runSubagentEvalRequestSchema) },
    responses: {
      202: jsonContent(runSubagentEvalResponseSchema, 'Evaluation executions queued'),
      400: errorResponse(['validation_error', 'invalid_json']),
      422: errorResponse(['eval_fixture_missing', 'eval_run_too_large', 'eval_article_not_seeded']),
    },
  }),
  getSubagentEvalResults: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-results',
    summary: 'Evaluation records, newest first (completed ones unless status says otherwise), with matched, missed and extra items',
    description: MATCHING,
    tags: [TAG],
    request: { query: evalResultsQuerySchema },
    responses: { 200: jsonContent(evalResultsResponseSchema, 'Records'), 400: badQuery },
  }),
  getSubagentEvalStatus: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-status/{eval_record_id}',
    summary: 'One evaluation record',
    tags: [TAG],
    request: { params: evalRecordParamsSchema },
    responses: { 200: jsonContent(evalRecordSchema, 'The record'), 400: badQuery, 404: errorResponse(['eval_record_not_found']) },
  }),
  deleteSubagentEvalClearPending: defineRoute('workflow', {
    method: 'delete',
    path: '/api/evaluations/subagent-eval-clear-pending',
    summary:
      'Deletes pending and running evaluation records (optionally of one subagent) and cancels their executions that have not started',
    tags: [TAG],
    request: { query: optionalSubagentQuerySchema },
    responses: { 200: jsonContent(clearPendingResponseSchema, 'Cleared'), 400: badQuery },
  }),
  postSubagentEvalBackfill: defineRoute('workflow', {
    method: 'post',
    path: '/api/evaluations/subagent-eval-backfill',
    summary: 'Completes pending records from their executions: scored when the execution completed, failed when it failed or was cancelled',
    tags: [TAG],
    request: { query: optionalSubagentQuerySchema },
    responses: { 200: jsonContent(backfillResponseSchema, 'Backfilled'), 400: badQuery },
  }),
  postSubagentEvalRescore: defineRoute('workflow', {
    method: 'post',
    path: '/api/evaluations/subagent-eval-rescore',
    summary:
      'Scores completed count-only records that have item-level ground truth, from retained output (no model call); dry run unless apply=true; idempotent',
    tags: [TAG],
    request: { query: rescoreQuerySchema },
    responses: { 200: jsonContent(rescoreResponseSchema, 'Per-agent candidates, scorable, unrepairable_no_output'), 400: badQuery },
  }),
  getSubagentEvalAggregate: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-aggregate',
    summary: 'Metrics per config version: mean score, raw MAE, nMAE, score distribution, count accuracy, mean precision/recall/F1',
    description: `Each article counts once per config version (its latest completed record). ${MATCHING}`,
    tags: [TAG],
    request: { query: aggregateQuerySchema },
    responses: { 200: jsonContent(aggregateResponseSchema, 'Aggregates, newest version first'), 400: badQuery },
  }),
  getSubagentEvalModels: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-models',
    summary: 'Models with evaluation data for a subagent, most used first',
    tags: [TAG],
    request: { query: subagentQuerySchema },
    responses: { 200: jsonContent(evalModelsResponseSchema, 'Models'), 400: badQuery },
  }),
  getConfigVersionsModels: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/config-versions-models',
    summary: 'Config versions, newest first, with the provider and model of each extraction agent',
    tags: [TAG],
    responses: { 200: jsonContent(configVersionsModelsResponseSchema, 'Versions') },
  }),
  getSubagentEvalCompare: defineRoute('workflow', {
    method: 'get',
    path: '/api/evaluations/subagent-eval-compare',
    summary: "Two config versions side by side for one subagent: aggregates, per-article figures, the agent's prompt and model in each",
    tags: [TAG],
    request: { query: compareQuerySchema },
    responses: { 200: jsonContent(compareResponseSchema, 'Comparison'), 400: badQuery, 404: errorResponse(['config_version_not_found']) },
  }),
  getLegacyOsDetectionResults: defineRoute('workflow', {
    method: 'get',
    path: '/api/eval/os-detection-manual-results',
    summary: 'Legacy: the platform detected by the latest execution of each eval article against its labelled platform',
    tags: [TAG],
    responses: { 200: jsonContent(legacyOsDetectionResponseSchema, 'Results') },
  }),
  getLegacyObservablesCountResults: defineRoute('workflow', {
    method: 'get',
    path: '/api/eval/observables-count-results',
    summary: 'Legacy: the saved-result shape (model_name, timestamp, metrics, results) over the latest completed evaluation records',
    description:
      'JSON validity: the retained output parses against the agent schema. Field completeness: every required field present. Count ' +
      'accuracy: the share of records whose count equals the expected (pass); within 2 is partial, further is fail. Targets: baseline ' +
      'JSON validity ≥ 95%, completeness ≥ 95%, count accuracy ≥ 80%, type errors ≤ 5%; goals 100%, 100%, ≥ 90%, 0%.',
    tags: [TAG],
    request: { query: legacyObservablesQuerySchema },
    responses: { 200: jsonContent(savedEvalResultSchema, 'Saved-result shape'), 400: badQuery },
  }),
} as const;
