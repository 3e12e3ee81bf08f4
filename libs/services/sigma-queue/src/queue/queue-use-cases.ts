import { TOPICS, type CreateQueueItemRequest, type SigmaQueueListQuery, type SigmaQueueStatusValue, type SimilaritySearchResponse } from '@huntforge/contracts';
import type { Bus } from '@huntforge/bus';
import { isForeignKeyViolation } from '@huntforge/data';
import { httpErrors, type Logger } from '@huntforge/platform';
import type { CorpusIndex } from '../corpus/corpus-index';
import type { NewQueueItem, QueueItemRow, QueueRepository } from '../repositories/queue-repository';
import { searchSimilarDocument } from '../similarity/search-similar';
import { requireValidRule, type RuleFacts } from './rule-facts';
import { ALLOWED_FROM, assertCan, invalidTransition, type QueueAction } from './transitions';

export interface QueueDeps {
  queue: QueueRepository;
  index: CorpusIndex;
  bus: Bus;
  logger: Logger;
}

export async function getItem(deps: QueueDeps, id: number): Promise<QueueItemRow> {
  const item = await deps.queue.find(id);
  if (!item) throw httpErrors.notFound(`No queue item ${id}`);
  return item;
}

export function listItems(deps: QueueDeps, query: SigmaQueueListQuery): Promise<{ items: QueueItemRow[]; total: number }> {
  return deps.queue.list({ status: query.status, workflowExecutionId: query.workflow_execution_id, limit: query.limit, offset: query.offset });
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
export function newItem(input: CreateQueueItemRequest, facts: RuleFacts, similarity: ItemSimilarity, options: { needsReview?: boolean } = {}): NewQueueItem {
  const status: SigmaQueueStatusValue =
    options.needsReview || !facts.valid || similarity.inconclusive || input.delivery_permitted === false ? 'needs_review' : 'pending';
  return {
    status,
    source: input.source,
    workflowExecutionId: input.workflow_execution_id ?? null,
    articleId: input.article_id ?? null,
    ruleYaml: input.rule_yaml,
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

/** Queues a rule: validated, compared with the corpus (top 10 kept), `needs_review` when the comparison is inconclusive. */
export async function createItem(deps: QueueDeps, input: CreateQueueItemRequest): Promise<QueueItemRow> {
  const facts = requireValidRule(input.rule_yaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  const [item] = await createItems(deps, [newItem(input, facts, similarity)]);
  return item as QueueItemRow;
}

/**
 * Inserts rows in one statement (all or none) and announces each. A workflow_execution_id or article_id
 * that does not exist is the caller's mistake, not a 500.
 */
export async function createItems(deps: QueueDeps, rows: NewQueueItem[]): Promise<QueueItemRow[]> {
  if (rows.length === 0) return [];
  let items: QueueItemRow[];
  try {
    items = await deps.queue.createMany(rows);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw httpErrors.validation('workflow_execution_id or article_id does not exist', [
        { path: 'body.workflow_execution_id', message: 'must name an existing execution' },
        { path: 'body.article_id', message: 'must name an existing article' },
      ]);
    }
    throw error;
  }
  for (const item of items) {
    await publish(deps, TOPICS.sigmaRuleQueued, item);
    await publish(deps, TOPICS.sigmaQueueChanged, item);
  }
  return items;
}

export async function approveItem(deps: QueueDeps, id: number, input: { reviewer?: string; note?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  const notes = appendNote(item, input.reviewer, input.note);
  return transition(deps, item, 'approve', { status: 'approved', reviewer: input.reviewer ?? item.reviewer, reviewNotes: notes, reviewedAt: new Date() });
}

export async function rejectItem(deps: QueueDeps, id: number, input: { reason: string; reviewer?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  return transition(deps, item, 'reject', {
    status: 'rejected',
    rejectionReason: input.reason,
    reviewer: input.reviewer ?? item.reviewer,
    reviewNotes: appendNote(item, input.reviewer, `rejected: ${input.reason}`),
    reviewedAt: new Date(),
  });
}

/** Replaces the rule YAML (re-validated and re-compared); allowed while the item awaits review. */
export async function editItem(deps: QueueDeps, id: number, input: { rule_yaml: string; reviewer?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  assertCan(id, item.status, 'edit');
  const facts = requireValidRule(input.rule_yaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  return transition(deps, item, 'edit', {
    ruleYaml: input.rule_yaml,
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    validationFindings: facts.findings as object[],
    telemetryClass: similarity.telemetry_class,
    maxSimilarity: similarity.max_similarity,
    similarityInconclusive: similarity.inconclusive,
    matches: similarity.matches as object[],
    reviewNotes: appendNote(item, input.reviewer, 'edited the rule'),
  });
}

/** Appends a review note without changing the status; retried when another change lands in between. */
export async function addReviewNote(deps: QueueDeps, id: number, input: { note: string; reviewer?: string }): Promise<QueueItemRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await getItem(deps, id);
    const updated = await deps.queue.updateIfStatus(item.id, [item.status], { reviewNotes: appendNote(item, input.reviewer, input.note) }, item.updatedAt);
    if (updated) {
      await publish(deps, TOPICS.sigmaQueueChanged, updated);
      return updated;
    }
  }
  throw httpErrors.conflict(`queue item ${id} kept changing; add the note again`);
}

/** Applies an update only from the statuses `action` allows, conditionally, so racing reviewers cannot both win. */
export async function transition(
  deps: QueueDeps,
  item: QueueItemRow,
  action: QueueAction,
  data: Parameters<QueueRepository['updateIfStatus']>[2],
): Promise<QueueItemRow> {
  assertCan(item.id, item.status, action);
  const updated = await deps.queue.updateIfStatus(item.id, ALLOWED_FROM[action], data);
  if (!updated) {
    const current = await getItem(deps, item.id);
    throw invalidTransition(item.id, current.status, action);
  }
  await publish(deps, TOPICS.sigmaQueueChanged, updated);
  return updated;
}

export async function publish(deps: QueueDeps, topic: string, item: QueueItemRow): Promise<void> {
  try {
    await deps.bus.publish(topic, { queue_id: item.id, status: item.status });
  } catch (error) {
    // The change is committed; a lost notification only delays UIs that poll anyway.
    deps.logger.warn({ err: error, topic, queueId: item.id }, 'could not publish queue event');
  }
}

function appendNote(item: QueueItemRow, author: string | undefined, note: string | undefined): object[] {
  const notes = Array.isArray(item.reviewNotes) ? (item.reviewNotes as object[]) : [];
  return note ? [...notes, { author: author ?? null, note, at: new Date().toISOString() }] : notes;
}
