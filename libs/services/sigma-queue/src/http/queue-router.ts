import { Router } from 'express';
import { sigmaQueueRoutes as routes } from '@huntforge/contracts/api';
import { mountRoute } from '@huntforge/platform';
import { chatTurn } from '../enrichment/chat-turn';
import { enrichItem } from '../enrichment/enrich-item';
import { getChat } from '../enrichment/get-chat';
import { submitItem } from '../github/submit-item';
import type { SigmaQueuePorts } from '../ports';
import { approveItem } from '../queue/approve/approve-item';
import { createItem } from '../queue/create/create-item';
import { editItem } from '../queue/edit/edit-item';
import { getItem } from '../queue/get/get-item';
import { listItems } from '../queue/list/list-items';
import { rejectItem } from '../queue/reject/reject-item';
import { addReviewNote } from '../queue/review-note/add-review-note';
import { selfTestDraft } from '../queue/self-test/self-test-draft';
import { validateItem } from '../enrichment/validate-item';
import { reviewerOf } from './reviewer';

/** /api/sigma-queue: the review queue, enrichment conversations and delivery. Each route calls one use case. */
export function queueRouter(deps: SigmaQueuePorts): Router {
  const router = Router();
  mountRoute(router, routes.getSigmaQueueList, ({ query }) => listItems(deps, query));
  mountRoute(router, routes.postSigmaQueue, ({ body }) => createItem(deps, body));
  mountRoute(router, routes.getSigmaQueueItem, ({ params }) => getItem(deps, { queueId: params.queue_id }));
  mountRoute(router, routes.postSigmaQueueApprove, ({ params, body, req }) =>
    approveItem(deps, { queueId: params.queue_id, note: body.note, reviewer: reviewerOf(req, body.reviewer) }),
  );
  mountRoute(router, routes.postSigmaQueueReject, ({ params, body, req }) =>
    rejectItem(deps, { queueId: params.queue_id, reason: body.reason, reviewer: reviewerOf(req, body.reviewer) }),
  );
  mountRoute(router, routes.postSigmaQueueReviewNotes, ({ params, body, req }) =>
    addReviewNote(deps, { queueId: params.queue_id, note: body.note, reviewer: reviewerOf(req, body.reviewer) }),
  );
  mountRoute(router, routes.putSigmaQueueRule, ({ params, body, req }) =>
    editItem(deps, { queueId: params.queue_id, ruleYaml: body.rule_yaml, reviewer: reviewerOf(req, body.reviewer) }),
  );
  mountRoute(router, routes.postSigmaQueueSelfTest, ({ params, body }) =>
    selfTestDraft(deps, { queueId: params.queue_id, ruleYaml: body.rule_yaml }),
  );
  mountRoute(router, routes.postSigmaQueueValidate, ({ params, body }) => validateItem(deps, { queueId: params.queue_id, options: body }));
  mountRoute(router, routes.postSigmaQueueEnrich, ({ params, body }) =>
    enrichItem(deps, { queueId: params.queue_id, provider: body.provider, model: body.model }),
  );
  mountRoute(router, routes.getSigmaQueueEnrichmentChat, ({ params }) => getChat(deps, { queueId: params.queue_id }));
  mountRoute(router, routes.postSigmaQueueEnrichmentChatTurn, ({ params, body }) =>
    chatTurn(deps, { queueId: params.queue_id, conversationId: params.conversation_id, message: body.message }),
  );
  mountRoute(router, routes.postSigmaQueueSubmit, ({ params }) => submitItem(deps, { queueId: params.queue_id }));
  return router;
}
