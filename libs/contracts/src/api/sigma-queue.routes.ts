import { z } from 'zod';
import {
  chatTurnRequestSchema,
  chatTurnResponseSchema,
  enrichmentChatResponseSchema,
  enrichRequestSchema,
  enrichResponseSchema,
  validateQueueItemRequestSchema,
  validateQueueItemResponseSchema,
} from '../sigma/enrichment';
import { convertRuleRequestSchema, convertRuleResponseSchema } from '../sigma/convert';
import { validateRuleRequestSchema, validateRuleResponseSchema } from '../sigma/findings';
import {
  approveRequestSchema,
  reviewNoteRequestSchema,
  createQueueItemRequestSchema,
  editRuleRequestSchema,
  rejectRequestSchema,
  selfTestDraftRequestSchema,
  selfTestDraftResponseSchema,
  sigmaQueueItemSchema,
  sigmaQueueListQuerySchema,
  sigmaQueueListResponseSchema,
} from '../sigma/queue';
import { backtestRequestSchema, backtestResponseSchema } from '../telemetry/datasets';
import { ruleAttributionSchema, similaritySearchRequestSchema, similaritySearchResponseSchema } from '../sigma/similarity';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

const tags = ['Sigma queue'];
const sigmaTags = ['Sigma'];
const queueId = z.object({ queue_id: z.coerce.number().int().positive() });
const notFound = errorResponse(['not_found'], 'No such queue item');
const badId = errorResponse(['validation_error', 'invalid_json']);
const conflict = errorResponse(
  ['invalid_transition'],
  'pending | needs_review → approved | rejected; approved → submitted; anything else is refused',
);

const transition = <S extends z.ZodType, const Required extends boolean>(
  action: 'approve' | 'reject',
  schema: S,
  required: Required,
  summary: string,
) => ({
  method: 'post' as const,
  path: `/api/sigma-queue/{queue_id}/${action}`,
  tags,
  summary,
  request: { params: queueId, body: jsonBody(schema, required) },
  responses: { 200: jsonContent(sigmaQueueItemSchema, 'The item after the transition'), 400: badId, 404: notFound, 409: conflict },
});

export const sigmaQueueRoutes = {
  getSigmaQueueList: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/sigma-queue/list',
    tags,
    summary: 'List queued rules (newest first)',
    request: { query: sigmaQueueListQuerySchema },
    responses: {
      200: jsonContent(sigmaQueueListResponseSchema, '{items, total, limit, offset}'),
      400: errorResponse(['validation_error'], 'Bad status or limit over 500'),
    },
  }),
  postSigmaQueue: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue',
    tags,
    summary: 'Queue a rule (validated and compared with the corpus; publishes sigma.rule.queued)',
    request: { body: jsonBody(createQueueItemRequestSchema) },
    responses: {
      201: jsonContent(sigmaQueueItemSchema, 'Queued'),
      400: errorResponse(['validation_error', 'invalid_json', 'invalid_sigma']),
    },
  }),
  getSigmaQueueItem: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/sigma-queue/{queue_id}',
    tags,
    summary: 'One queued rule with its top-10 matches (author and licence included)',
    request: { params: queueId },
    responses: { 200: jsonContent(sigmaQueueItemSchema, 'The item'), 400: badId, 404: notFound },
  }),
  postSigmaQueueApprove: defineRoute(
    'sigma-queue',
    transition('approve', approveRequestSchema, false, 'Approve a pending or needs_review rule'),
  ),
  postSigmaQueueReject: defineRoute(
    'sigma-queue',
    transition('reject', rejectRequestSchema, true, 'Reject a pending or needs_review rule with a reason'),
  ),
  postSigmaQueueReviewNotes: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/review-notes',
    tags,
    summary: 'Add a review note (any status; the status does not change)',
    request: { params: queueId, body: jsonBody(reviewNoteRequestSchema) },
    responses: {
      200: jsonContent(sigmaQueueItemSchema, 'The item with the note appended'),
      400: errorResponse(['validation_error']),
      404: notFound,
    },
  }),
  putSigmaQueueRule: defineRoute('sigma-queue', {
    method: 'put',
    path: '/api/sigma-queue/{queue_id}/rule',
    tags,
    summary: 'Replace the rule YAML (re-validated and re-compared)',
    request: { params: queueId, body: jsonBody(editRuleRequestSchema) },
    responses: {
      200: jsonContent(sigmaQueueItemSchema, 'The edited item'),
      400: errorResponse(['validation_error', 'invalid_sigma'], 'Invalid YAML comes back with its findings'),
      404: notFound,
      409: conflict,
    },
  }),
  postSigmaQueueSelfTest: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/self-test',
    tags,
    summary:
      "Self-test a draft of the rule (as the reviewer edits it) over the item's recorded observables and the benign baseline; nothing is stored",
    request: { params: queueId, body: jsonBody(selfTestDraftRequestSchema) },
    responses: { 200: jsonContent(selfTestDraftResponseSchema, '{self_test}'), 400: badId, 404: notFound },
  }),
  postSigmaQueueValidate: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/validate',
    tags,
    summary: 'Validate the rule, optionally enriching it first',
    request: { params: queueId, body: jsonBody(validateQueueItemRequestSchema, false) },
    responses: {
      200: jsonContent(validateQueueItemResponseSchema, '{validated_yaml, findings}'),
      400: badId,
      404: notFound,
      409: conflict,
      503: errorResponse(['provider_unavailable']),
    },
  }),
  postSigmaQueueEnrich: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/enrich',
    tags,
    summary: 'Enrich with a provider (builtin by default); starts a conversation',
    request: { params: queueId, body: jsonBody(enrichRequestSchema, false) },
    responses: {
      200: jsonContent(enrichResponseSchema, 'Enriched YAML and conversation_id'),
      400: badId,
      404: notFound,
      409: conflict,
      503: errorResponse(['provider_unavailable']),
    },
  }),
  getSigmaQueueEnrichmentChat: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/sigma-queue/{queue_id}/enrichment-chat',
    tags,
    summary: 'The latest enrichment conversation (system prompts excluded)',
    request: { params: queueId },
    responses: {
      200: jsonContent(enrichmentChatResponseSchema, 'Turns, oldest first; conversation_id null when none'),
      400: badId,
      404: notFound,
    },
  }),
  postSigmaQueueEnrichmentChatTurn: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/enrichment-chat/{conversation_id}/turn',
    tags,
    summary: 'A follow-up turn through the enrichment’s provider and model; only revisions of this rule or questions about earlier turns',
    request: { params: queueId.extend({ conversation_id: z.coerce.number().int().positive() }), body: jsonBody(chatTurnRequestSchema) },
    responses: {
      200: jsonContent(chatTurnResponseSchema, 'The reply and the rule after it'),
      400: badId,
      404: errorResponse(['not_found'], 'No such item or conversation'),
      409: conflict,
      422: errorResponse(['out_of_scope'], 'The turn is not about this rule'),
      503: errorResponse(['provider_unavailable']),
    },
  }),
  postSigmaQueueSubmit: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/submit',
    tags,
    summary: 'Open a pull request on GITHUB_REPO with the approved rule → submitted',
    request: { params: queueId },
    responses: {
      200: jsonContent(sigmaQueueItemSchema, 'Submitted, with pr_url'),
      400: badId,
      404: notFound,
      409: errorResponse(['invalid_transition', 'delivery_not_permitted']),
      422: errorResponse(
        ['github_not_configured', 'url_not_allowed'],
        'GitHub is not configured, or GITHUB_API_URL resolves to an address the outbound policy refuses (metadata, link-local; private without the operator opt-in)',
      ),
      502: errorResponse(['github_error']),
    },
  }),

  postSigmaQueueBacktest: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma-queue/{queue_id}/backtest',
    tags,
    summary: 'Run the rule over uploaded telemetry datasets: per dataset the events, the matches and the first matching events',
    description: 'The rule runs as `huntforge sigma test` runs it (logsource gating, field names of each log); nothing is stored.',
    request: { params: queueId, body: jsonBody(backtestRequestSchema) },
    responses: {
      200: jsonContent(backtestResponseSchema, 'One result per dataset, in the order asked'),
      400: errorResponse(['validation_error', 'invalid_json', 'invalid_sigma'], 'A bad body, or a rule the engine cannot run'),
      404: errorResponse(['not_found', 'dataset_not_found'], 'No such queue item, or a dataset that does not exist (or expired)'),
      422: errorResponse(['invalid_dataset'], 'A stored dataset the readers can no longer read'),
    },
  }),

  postSigmaValidate: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma/validate',
    tags: sigmaTags,
    summary: 'Validate a Sigma rule (findings with id, severity, path, message)',
    request: { body: jsonBody(validateRuleRequestSchema) },
    responses: {
      200: jsonContent(validateRuleResponseSchema, 'valid is false when any finding is an error'),
      400: errorResponse(['validation_error', 'invalid_json']),
    },
  }),
  postSigmaConvert: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma/convert',
    tags: sigmaTags,
    summary:
      "Convert a Sigma rule to SIEM queries (the given targets, or the team's SIGMA_CONVERT_TARGETS); a target that cannot express the rule gets an error beside the others",
    request: { body: jsonBody(convertRuleRequestSchema) },
    responses: {
      200: jsonContent(convertRuleResponseSchema, 'One result per target, in order'),
      400: errorResponse([
        'validation_error',
        'invalid_json',
        'invalid_sigma',
        'unknown_target',
        'unknown_pipeline',
        'unknown_output_format',
      ]),
    },
  }),
  postSigmaSimilar: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/sigma/similar',
    tags: sigmaTags,
    summary: 'Similar rules in the reference corpus, explained and attributed',
    request: { body: jsonBody(similaritySearchRequestSchema) },
    responses: {
      200: jsonContent(similaritySearchResponseSchema, 'Top matches'),
      400: errorResponse(['validation_error', 'invalid_json', 'invalid_sigma']),
    },
  }),
  getSigmaReferenceRules: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/sigma/reference-rules/{rule_id}',
    tags: sigmaTags,
    summary: 'One reference rule with author and licence (SigmaHQ: DRL 1.1)',
    request: { params: z.object({ rule_id: z.string() }) },
    responses: {
      200: jsonContent(
        ruleAttributionSchema.extend({
          status: z.string().nullable(),
          level: z.string().nullable(),
          tags: z.array(z.string()),
          rule_yaml: z.string(),
        }),
        'The rule',
      ),
      404: errorResponse(['not_found']),
    },
  }),
} as const;
