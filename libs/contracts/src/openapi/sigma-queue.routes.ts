import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
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
import { validateRuleRequestSchema, validateRuleResponseSchema } from '../sigma/findings';
import {
  approveRequestSchema,
  reviewNoteRequestSchema,
  createQueueItemRequestSchema,
  editRuleRequestSchema,
  rejectRequestSchema,
  sigmaQueueItemSchema,
  sigmaQueueListQuerySchema,
  sigmaQueueListResponseSchema,
} from '../sigma/queue';
import { ruleAttributionSchema, similaritySearchRequestSchema, similaritySearchResponseSchema } from '../sigma/similarity';
import { errorResponse, jsonContent, registerRoute } from './route-helpers';

const tags = ['Sigma queue'];
const queueId = z.object({ queue_id: z.coerce.number().int().positive() });
const body = (schema: z.ZodType, required = true) => ({ body: { required, content: { 'application/json': { schema } } } });
const notFound = errorResponse(['not_found'], 'No such queue item');
const badId = errorResponse(['validation_error', 'invalid_json']);
const conflict = errorResponse(['invalid_transition'], 'pending | needs_review → approved | rejected; approved → submitted; anything else is refused');

export function registerSigmaQueueRoutes(registry: OpenAPIRegistry): void {
  registerRoute(registry, {
    method: 'get', path: '/api/sigma-queue/list', tags, summary: 'List queued rules (newest first)',
    request: { query: sigmaQueueListQuerySchema },
    responses: { 200: jsonContent(sigmaQueueListResponseSchema, '{items, total, limit, offset}'), 400: errorResponse(['validation_error'], 'Bad status or limit over 500') },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue', tags, summary: 'Queue a rule (validated and compared with the corpus; publishes sigma.rule.queued)',
    request: body(createQueueItemRequestSchema),
    responses: { 201: jsonContent(sigmaQueueItemSchema, 'Queued'), 400: errorResponse(['validation_error', 'invalid_json', 'invalid_sigma']) },
  });
  registerRoute(registry, {
    method: 'get', path: '/api/sigma-queue/{queue_id}', tags, summary: 'One queued rule with its top-10 matches (author and licence included)',
    request: { params: queueId },
    responses: { 200: jsonContent(sigmaQueueItemSchema, 'The item'), 400: badId, 404: notFound },
  });
  for (const [action, schema, summary] of [
    ['approve', approveRequestSchema, 'Approve a pending or needs_review rule'],
    ['reject', rejectRequestSchema, 'Reject a pending or needs_review rule with a reason'],
  ] as const) {
    registerRoute(registry, {
      method: 'post', path: `/api/sigma-queue/{queue_id}/${action}`, tags, summary,
      request: { params: queueId, ...body(schema, action === 'reject') },
      responses: { 200: jsonContent(sigmaQueueItemSchema, 'The item after the transition'), 400: badId, 404: notFound, 409: conflict },
    });
  }
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue/{queue_id}/review-notes', tags, summary: 'Add a review note (any status; the status does not change)',
    request: { params: queueId, ...body(reviewNoteRequestSchema) },
    responses: { 200: jsonContent(sigmaQueueItemSchema, 'The item with the note appended'), 400: errorResponse(['validation_error']), 404: notFound },
  });
  registerRoute(registry, {
    method: 'put', path: '/api/sigma-queue/{queue_id}/rule', tags, summary: 'Replace the rule YAML (re-validated and re-compared)',
    request: { params: queueId, ...body(editRuleRequestSchema) },
    responses: { 200: jsonContent(sigmaQueueItemSchema, 'The edited item'), 400: errorResponse(['validation_error', 'invalid_sigma'], 'Invalid YAML comes back with its findings'), 404: notFound, 409: conflict },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue/{queue_id}/validate', tags, summary: 'Validate the rule, optionally enriching it first',
    request: { params: queueId, ...body(validateQueueItemRequestSchema, false) },
    responses: { 200: jsonContent(validateQueueItemResponseSchema, '{validated_yaml, findings}'), 400: badId, 404: notFound, 409: conflict, 503: errorResponse(['provider_unavailable']) },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue/{queue_id}/enrich', tags, summary: 'Enrich with a provider (builtin by default); starts a conversation',
    request: { params: queueId, ...body(enrichRequestSchema, false) },
    responses: { 200: jsonContent(enrichResponseSchema, 'Enriched YAML and conversation_id'), 400: badId, 404: notFound, 409: conflict, 503: errorResponse(['provider_unavailable']) },
  });
  registerRoute(registry, {
    method: 'get', path: '/api/sigma-queue/{queue_id}/enrichment-chat', tags, summary: 'The latest enrichment conversation (system prompts excluded)',
    request: { params: queueId },
    responses: { 200: jsonContent(enrichmentChatResponseSchema, 'Turns, oldest first; conversation_id null when none'), 400: badId, 404: notFound },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue/{queue_id}/enrichment-chat/{conversation_id}/turn', tags,
    summary: 'A follow-up turn through the enrichment’s provider and model; only revisions of this rule or questions about earlier turns',
    request: { params: queueId.extend({ conversation_id: z.coerce.number().int().positive() }), ...body(chatTurnRequestSchema) },
    responses: {
      200: jsonContent(chatTurnResponseSchema, 'The reply and the rule after it'),
      400: badId,
      404: errorResponse(['not_found'], 'No such item or conversation'),
      409: conflict,
      422: errorResponse(['out_of_scope'], 'The turn is not about this rule'),
      503: errorResponse(['provider_unavailable']),
    },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma-queue/{queue_id}/submit', tags, summary: 'Open a pull request on GITHUB_REPO with the approved rule → submitted',
    request: { params: queueId },
    responses: {
      200: jsonContent(sigmaQueueItemSchema, 'Submitted, with pr_url'),
      400: badId,
      404: notFound,
      409: errorResponse(['invalid_transition', 'delivery_not_permitted']),
      422: errorResponse(['github_not_configured']),
      502: errorResponse(['github_error']),
    },
  });

  const sigmaTags = ['Sigma'];
  registerRoute(registry, {
    method: 'post', path: '/api/sigma/validate', tags: sigmaTags, summary: 'Validate a Sigma rule (findings with id, severity, path, message)',
    request: body(validateRuleRequestSchema),
    responses: { 200: jsonContent(validateRuleResponseSchema, 'valid is false when any finding is an error'), 400: errorResponse(['validation_error', 'invalid_json']) },
  });
  registerRoute(registry, {
    method: 'post', path: '/api/sigma/similar', tags: sigmaTags, summary: 'Similar rules in the reference corpus, explained and attributed',
    request: body(similaritySearchRequestSchema),
    responses: { 200: jsonContent(similaritySearchResponseSchema, 'Top matches'), 400: errorResponse(['validation_error', 'invalid_json', 'invalid_sigma']) },
  });
  registerRoute(registry, {
    method: 'get', path: '/api/sigma/reference-rules/{rule_id}', tags: sigmaTags, summary: 'One reference rule with author and licence (SigmaHQ: DRL 1.1)',
    request: { params: z.object({ rule_id: z.string() }) },
    responses: {
      200: jsonContent(ruleAttributionSchema.extend({ status: z.string().nullable(), level: z.string().nullable(), tags: z.array(z.string()), rule_yaml: z.string() }), 'The rule'),
      404: errorResponse(['not_found']),
    },
  });
}
