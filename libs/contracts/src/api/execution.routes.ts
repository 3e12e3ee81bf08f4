import {
  activeExecutionErrorSchema,
  cleanupStaleResponseSchema,
  executionActionResponseSchema,
  executionArticleParamsSchema,
  executionDetailSchema,
  executionIdParamsSchema,
  retryRequestSchema,
  listExecutionsQuerySchema,
  listExecutionsResponseSchema,
  retryResponseSchema,
  triggerQuerySchema,
  triggerResponseSchema,
  triggerStuckResponseSchema,
} from '../executions/executions';
import { stixBundleSchema } from '../executions/stix';
import { defineRoute, errorResponse, jsonContent } from './define-route';

const TAG = 'Workflow executions';
const EARLY_EXITS =
  'Early exits (`no_huntable_content`, `rank_below_threshold`, `no_observables`) end as `completed` with the reason in ' +
  '`termination_reason`: the pipeline did its job and decided there was nothing to detect. `failed` is kept for runs that ' +
  'broke (an error, a stale worker, a replaced stuck row); `cancelled` for runs stopped through the cancel endpoint.';

/** The workflow service's execution routes in the OpenAPI document. */
export const executionRoutes = {
  getWorkflowExecutions: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/executions',
    summary: 'List executions (paged; filters status, step, article_id; counts per status)',
    description: EARLY_EXITS,
    tags: [TAG],
    request: { query: listExecutionsQuerySchema },
    responses: { 200: jsonContent(listExecutionsResponseSchema, 'A page of executions'), 400: errorResponse(['validation_error']) },
  }),
  getWorkflowExecution: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/executions/{execution_id}',
    summary: 'One execution: config snapshot, stages, platform detection, junk filter, rank, extraction result, Sigma rules',
    description: EARLY_EXITS,
    tags: [TAG],
    request: { params: executionIdParamsSchema },
    responses: { 200: jsonContent(executionDetailSchema, 'The execution record'), 404: errorResponse(['execution_not_found']) },
  }),
  getWorkflowExecutionStix: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/executions/{execution_id}/stix',
    summary:
      'The execution as a STIX 2.1 bundle: identity, report, indicators (STIX patterns for network indicators, Sigma for valid generated rules), relationships',
    description:
      'Each network indicator value (IPv4, IPv6, domain, URL) becomes an indicator with `pattern_type: "stix"`; each generated rule ' +
      'the validator passed becomes an indicator with `pattern_type: "sigma"` and the rule as YAML. A rule that keys on an indicator ' +
      "value is `derived-from` that value's indicator. Identifiers are derived from the execution, so exporting twice gives the same bundle.",
    tags: [TAG],
    request: { params: executionIdParamsSchema },
    responses: { 200: jsonContent(stixBundleSchema, 'A STIX 2.1 bundle'), 404: errorResponse(['execution_not_found']) },
  }),
  postWorkflowArticlesTrigger: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/articles/{article_id}/trigger',
    summary: 'Queue the pipeline for an article',
    description:
      'Without force the article hunt score must be strictly above auto_trigger_hunt_score_threshold. An article with an ' +
      'active execution is refused (409, execution_id null) unless that execution is a stuck pending row (pending over ' +
      'STUCK_PENDING_AFTER = 5 min, never started): it is then marked failed and a fresh execution starts.',
    tags: [TAG],
    request: { params: executionArticleParamsSchema, query: triggerQuerySchema },
    responses: {
      202: jsonContent(triggerResponseSchema, 'Execution queued'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['article_not_found']),
      409: jsonContent(activeExecutionErrorSchema, 'The article already has an active workflow execution (`active_execution`)'),
      422: errorResponse(['hunt_score_below_threshold'], 'Score not above the auto-trigger threshold; retry with force=true'),
    },
  }),
  postWorkflowExecutionsRetry: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/executions/{execution_id}/retry',
    summary:
      'New execution for the same article (from failed or cancelled), with the same config snapshot or, with use_current_config=true, the active configuration',
    tags: [TAG],
    request: {
      params: executionIdParamsSchema,
      body: { required: false, content: { 'application/json': { schema: retryRequestSchema } } },
    },
    responses: {
      202: jsonContent(retryResponseSchema, 'Retry queued'),
      400: errorResponse(['validation_error', 'invalid_json']),
      404: errorResponse(['execution_not_found']),
      409: errorResponse(['invalid_transition', 'active_execution']),
    },
  }),
  postWorkflowExecutionsCancel: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/executions/{execution_id}/cancel',
    summary: 'Cancel a pending or running execution; its stages stop and nothing more is written',
    tags: [TAG],
    request: { params: executionIdParamsSchema },
    responses: {
      200: jsonContent(executionActionResponseSchema, 'Cancelled'),
      404: errorResponse(['execution_not_found']),
      409: errorResponse(['invalid_transition']),
    },
  }),
  postWorkflowExecutionsCleanupStale: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/executions/cleanup-stale',
    summary: 'Running executions whose worker heartbeat stopped (over 2 min) become failed with reason stale',
    tags: [TAG],
    responses: { 200: jsonContent(cleanupStaleResponseSchema, 'Rows marked stale') },
  }),
  postWorkflowExecutionsTriggerStuck: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/executions/trigger-stuck',
    summary: 'Re-queue stuck pending executions (one task each; never runs the pipeline in the web process)',
    description:
      'Qualifying rows are pending longer than STUCK_PENDING_AFTER (5 min) and never started; evaluation rows wait 5 min + ' +
      '(MAX_EVAL_EXECUTIONS_PER_LAUNCH − 1) × EVAL_STAGGER_SECONDS + 60 s. Fresher rows are listed under skipped.',
    tags: [TAG],
    responses: { 200: jsonContent(triggerStuckResponseSchema, 'Tasks queued') },
  }),
} as const;
