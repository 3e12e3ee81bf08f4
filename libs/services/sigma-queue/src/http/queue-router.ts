import { Router } from 'express';
import { sigmaQueueRoutes as routes } from '@huntforge/contracts';
import { mountRoute } from '@huntforge/platform';
import { validateSigmaRule } from '@huntforge/sigma';
import { chatTurn, enrichItem, getChat, type EnrichmentDeps } from '../enrichment/enrichment-use-cases';
import { submitItem, type SubmitDeps } from '../github/submit-item';
import { addReviewNote } from '../queue/review-note/add-review-note';
import { approveItem } from '../queue/approve/approve-item';
import { createItem } from '../queue/create/create-items';
import { editItem } from '../queue/edit/edit-item';
import { getItem } from '../queue/queue-deps';
import { listItems } from '../queue/list/list-items';
import { rejectItem } from '../queue/reject/reject-item';
import { selfTestDraft } from '../queue/self-test/self-test-draft';
import { toQueueItemBody } from '../queue/views';
import { reviewerOf } from './reviewer';

export type QueueRouterDeps = EnrichmentDeps & SubmitDeps;

/** /api/sigma-queue: the review queue, enrichment conversations and delivery. Routers stay thin. */
export function queueRouter(deps: QueueRouterDeps): Router {
  const router = Router();
  mountRoute(router, routes.getSigmaQueueList, async ({ query }) => {
    const { items, total, counts } = await listItems(deps, query);
    return { items: items.map(toQueueItemBody), total, limit: query.limit, offset: query.offset, counts };
  });
  mountRoute(router, routes.postSigmaQueue, async ({ body }) => toQueueItemBody(await createItem(deps, body)));
  mountRoute(router, routes.getSigmaQueueItem, async ({ params }) => toQueueItemBody(await getItem(deps, params.queue_id)));
  mountRoute(router, routes.postSigmaQueueApprove, async ({ params, body, req }) =>
    toQueueItemBody(await approveItem(deps, params.queue_id, { ...body, reviewer: reviewerOf(req, body.reviewer) })),
  );
  mountRoute(router, routes.postSigmaQueueReject, async ({ params, body, req }) =>
    toQueueItemBody(await rejectItem(deps, params.queue_id, { ...body, reviewer: reviewerOf(req, body.reviewer) })),
  );
  mountRoute(router, routes.postSigmaQueueReviewNotes, async ({ params, body, req }) =>
    toQueueItemBody(await addReviewNote(deps, params.queue_id, { ...body, reviewer: reviewerOf(req, body.reviewer) })),
  );
  mountRoute(router, routes.putSigmaQueueRule, async ({ params, body, req }) =>
    toQueueItemBody(await editItem(deps, params.queue_id, { ...body, reviewer: reviewerOf(req, body.reviewer) })),
  );
  mountRoute(router, routes.postSigmaQueueSelfTest, async ({ params, body }) => selfTestDraft(deps, params.queue_id, body.rule_yaml));
  mountRoute(router, routes.postSigmaQueueValidate, async ({ params, body }) => {
    let ruleYaml = (await getItem(deps, params.queue_id)).ruleYaml;
    let conversationId: number | null = null;
    if (body.enrich) {
      const enriched = await enrichItem(deps, params.queue_id, body);
      ruleYaml = enriched.enriched_yaml;
      conversationId = enriched.conversation_id;
    }
    const result = validateSigmaRule(ruleYaml);
    return {
      validated_yaml: ruleYaml,
      valid: result.valid,
      findings: result.findings,
      enriched: body.enrich,
      conversation_id: conversationId,
    };
  });
  mountRoute(router, routes.postSigmaQueueEnrich, async ({ params, body }) => enrichItem(deps, params.queue_id, body));
  mountRoute(router, routes.getSigmaQueueEnrichmentChat, async ({ params }) => getChat(deps, params.queue_id));
  mountRoute(router, routes.postSigmaQueueEnrichmentChatTurn, async ({ params, body }) =>
    chatTurn(deps, params.queue_id, params.conversation_id, body.message),
  );
  mountRoute(router, routes.postSigmaQueueSubmit, async ({ params }) => toQueueItemBody(await submitItem(deps, params.queue_id)));
  return router;
}
