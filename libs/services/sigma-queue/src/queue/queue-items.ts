import { TOPICS } from '@huntforge/contracts';
import type { CreateQueueItemRequest, SigmaQueueStatusValue, SimilaritySearchResponse } from '@huntforge/contracts/sigma';
import { httpErrors, type Logger } from '@huntforge/platform';
import type { NewQueueItem, QueueItemRow, QueueRepository } from '../repositories/queue-repository';
import type { RuleFacts } from './rule-facts';
import { ALLOWED_FROM, assertCan, invalidTransition, type QueueAction } from './transitions';
import type { Bus } from '@huntforge/bus';

/** What reading one item needs. */
export interface LoadItemDeps {
  queue: Pick<QueueRepository, 'find'>;
}

/** What announcing a change needs: the bus, and the log a lost announcement goes to. */
export interface PublishDeps {
  logger: Logger;
  bus: Pick<Bus, 'publish'>;
}

/** What a conditional status change needs. */
export interface TransitionDeps extends PublishDeps {
  queue: Pick<QueueRepository, 'find' | 'updateIfStatus'>;
}

/** The item, or 404. */
export async function loadItem(deps: LoadItemDeps, id: number): Promise<QueueItemRow> {
  const item = await deps.queue.find(id);
  if (!item) throw httpErrors.notFound(`No queue item ${id}`);
  return item;
}

/** The similarity fields a queue item keeps: a comparison, or none for a rule the engine cannot analyse. */
export interface ItemSimilarity {
  telemetry_class: string | null;
  max_similarity: number | null;
  inconclusive: boolean;
  matches: SimilaritySearchResponse['matches'];
}

/** The comparison stored for a rule that cannot be analysed (an invalid publisher rule): inconclusive, no matches. */
export const NOT_COMPARED: ItemSimilarity = { telemetry_class: null, max_similarity: null, inconclusive: true, matches: [] };

/**
 * The row that queues a rule: `needs_review` when forced, when the comparison is inconclusive or when the
 * destination policy does not permit delivery; `pending` otherwise.
 */
export function newItem(
  input: CreateQueueItemRequest,
  facts: RuleFacts,
  similarity: ItemSimilarity,
  options: { needsReview?: boolean } = {},
): NewQueueItem {
  const status: SigmaQueueStatusValue =
    options.needsReview || !facts.valid || similarity.inconclusive || input.delivery_permitted === false ? 'needs_review' : 'pending';
  return {
    status,
    source: input.source,
    workflowExecutionId: input.workflow_execution_id ?? null,
    articleId: input.article_id ?? null,
    ruleYaml: input.rule_yaml,
    ruleDocument: facts.doc,
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    telemetryClass: similarity.telemetry_class,
    maxSimilarity: similarity.max_similarity,
    similarityInconclusive: similarity.inconclusive,
    matches: similarity.matches,
    validationFindings: facts.findings,
    provenance: input.provenance ?? null,
    deliveryPermitted: input.delivery_permitted ?? null,
  };
}

/** Applies an update only from the statuses `action` allows, conditionally, so racing reviewers cannot both win. */
export async function transition(
  deps: TransitionDeps,
  item: QueueItemRow,
  action: QueueAction,
  data: Parameters<QueueRepository['updateIfStatus']>[2],
): Promise<QueueItemRow> {
  assertCan(item.id, item.status, action);
  const updated = await deps.queue.updateIfStatus(item.id, ALLOWED_FROM[action], data);
  if (!updated) {
    const current = await loadItem(deps, item.id);
    throw invalidTransition(item.id, current.status, action);
  }
  await publish(deps, TOPICS.sigmaQueueChanged, updated);
  return updated;
}

export async function publish(deps: PublishDeps, topic: string, item: QueueItemRow): Promise<void> {
  try {
    await deps.bus.publish(topic, { queue_id: item.id, status: item.status });
  } catch (error) {
    // The change is committed; a lost notification only delays UIs that poll anyway.
    deps.logger.warn({ err: error, topic, queueId: item.id }, 'could not publish queue event');
  }
}

export function appendNote(item: QueueItemRow, author: string | undefined, note: string | undefined): object[] {
  const notes = Array.isArray(item.reviewNotes) ? (item.reviewNotes as object[]) : [];
  return note ? [...notes, { author: author ?? null, note, at: new Date().toISOString() }] : notes;
}
