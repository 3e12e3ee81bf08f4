import { Router } from 'express';
import {
  approveRequestSchema,
  reviewNoteRequestSchema,
  chatTurnRequestSchema,
  conversationParamsSchema,
  createQueueItemRequestSchema,
  editRuleRequestSchema,
  enrichRequestSchema,
  queueIdParamsSchema,
  rejectRequestSchema,
  sigmaQueueListQuerySchema,
  validateQueueItemRequestSchema,
  type SigmaQueueListResponse,
  type ValidateQueueItemResponse,
} from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import { validateSigmaRule } from '@huntforge/sigma';
import { chatTurn, enrichItem, getChat, type EnrichmentDeps } from '../enrichment/enrichment-use-cases';
import { submitItem, type SubmitDeps } from '../github/submit-item';
import { addReviewNote, approveItem, createItem, editItem, getItem, listItems, rejectItem } from '../queue/queue-use-cases';
import { toQueueItemBody } from '../queue/views';

export type QueueRouterDeps = EnrichmentDeps & SubmitDeps;

/** /api/sigma-queue: the review queue, enrichment conversations and delivery. Routers stay thin. */
export function queueRouter(deps: QueueRouterDeps): Router {
  const router = Router();
  const idOf = (params: unknown): number => parseOrThrow(queueIdParamsSchema, params, 'params').queue_id;

  router.get('/api/sigma-queue/list', async (req, res) => {
    const query = parseOrThrow(sigmaQueueListQuerySchema, req.query, 'query');
    const { items, total } = await listItems(deps, query);
    const body: SigmaQueueListResponse = { items: items.map(toQueueItemBody), total, limit: query.limit, offset: query.offset };
    res.json(body);
  });
  router.post('/api/sigma-queue', async (req, res) => {
    const input = parseOrThrow(createQueueItemRequestSchema, req.body, 'body');
    res.status(201).json(toQueueItemBody(await createItem(deps, input)));
  });
  router.get('/api/sigma-queue/:queue_id', async (req, res) => {
    res.json(toQueueItemBody(await getItem(deps, idOf(req.params))));
  });
  router.post('/api/sigma-queue/:queue_id/approve', async (req, res) => {
    const input = parseOrThrow(approveRequestSchema, req.body ?? {}, 'body');
    res.json(toQueueItemBody(await approveItem(deps, idOf(req.params), input)));
  });
  router.post('/api/sigma-queue/:queue_id/reject', async (req, res) => {
    const input = parseOrThrow(rejectRequestSchema, req.body ?? {}, 'body');
    res.json(toQueueItemBody(await rejectItem(deps, idOf(req.params), input)));
  });
  router.post('/api/sigma-queue/:queue_id/review-notes', async (req, res) => {
    const input = parseOrThrow(reviewNoteRequestSchema, req.body, 'body');
    res.json(toQueueItemBody(await addReviewNote(deps, idOf(req.params), input)));
  });
  router.put('/api/sigma-queue/:queue_id/rule', async (req, res) => {
    const input = parseOrThrow(editRuleRequestSchema, req.body, 'body');
    res.json(toQueueItemBody(await editItem(deps, idOf(req.params), input)));
  });
  router.post('/api/sigma-queue/:queue_id/validate', async (req, res) => {
    const id = idOf(req.params);
    const input = parseOrThrow(validateQueueItemRequestSchema, req.body ?? {}, 'body');
    let ruleYaml = (await getItem(deps, id)).ruleYaml;
    let conversationId: number | null = null;
    if (input.enrich) {
      const enriched = await enrichItem(deps, id, input);
      ruleYaml = enriched.enriched_yaml;
      conversationId = enriched.conversation_id;
    }
    const result = validateSigmaRule(ruleYaml);
    const body: ValidateQueueItemResponse = { validated_yaml: ruleYaml, valid: result.valid, findings: result.findings, enriched: input.enrich, conversation_id: conversationId };
    res.json(body);
  });
  router.post('/api/sigma-queue/:queue_id/enrich', async (req, res) => {
    const input = parseOrThrow(enrichRequestSchema, req.body ?? {}, 'body');
    res.json(await enrichItem(deps, idOf(req.params), input));
  });
  router.get('/api/sigma-queue/:queue_id/enrichment-chat', async (req, res) => {
    res.json(await getChat(deps, idOf(req.params)));
  });
  router.post('/api/sigma-queue/:queue_id/enrichment-chat/:conversation_id/turn', async (req, res) => {
    const params = parseOrThrow(conversationParamsSchema, req.params, 'params');
    const { message } = parseOrThrow(chatTurnRequestSchema, req.body, 'body');
    res.json(await chatTurn(deps, params.queue_id, params.conversation_id, message));
  });
  router.post('/api/sigma-queue/:queue_id/submit', async (req, res) => {
    res.json(toQueueItemBody(await submitItem(deps, idOf(req.params))));
  });
  return router;
}
