import type { CreateQueueItemRequest, SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import type { QueueItemRow } from '../../repositories/queue-repository';
import { searchSimilarDocument } from '../../similarity/search-similar';
import { newItem } from '../queue-items';
import { requireValidRule } from '../rule-facts';
import { toQueueItemBody } from '../views';
import { createItems, type CreateItemsDeps } from './create-items';
import type { CorpusIndex } from '../../corpus/corpus-index';

export interface CreateItemDeps extends CreateItemsDeps {
  index: Pick<CorpusIndex, 'get'>;
}

/** POST /api/sigma-queue: a rule validated, compared with the corpus (top 10 kept), `needs_review` when the comparison is inconclusive. */
export async function createItem(deps: CreateItemDeps, request: CreateQueueItemRequest): Promise<SigmaQueueItemBody> {
  const facts = requireValidRule(request.rule_yaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  const [item] = await createItems(deps, [newItem(request, facts, similarity)]);
  return toQueueItemBody(item as QueueItemRow);
}
