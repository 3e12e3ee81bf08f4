import type { sigmaEnqueueBusRequestSchema, SigmaEnqueueOutcome } from '@huntforge/contracts/executions';
import type { z } from 'zod';
import type { NewQueueItem, QueueItemRow, QueueRepository } from '../../repositories/queue-repository';
import { analyseDocument, searchAnalysed, UnanalysableRuleError } from '../../similarity/search-similar';
import { createItems, type CreateItemsDeps } from '../create/create-items';
import { newItem, NOT_COMPARED, type ItemSimilarity } from '../queue-items';
import { requireValidRule, ruleFacts } from '../rule-facts';
import type { QueueSimilarity } from '../../similarity/queue-similarity';
import type { CorpusIndex } from '../../corpus/corpus-index';

export interface EnqueueRulesDeps extends CreateItemsDeps {
  queue: Pick<QueueRepository, 'createMany' | 'findByExecutionAndRules' | 'openItemWithOriginal'>;
  queueSimilarity: Pick<QueueSimilarity, 'session'>;
  index: Pick<CorpusIndex, 'get'>;
}

/** The rules of one execution step, as the `sigma.queue.enqueue` request carries them (defaults applied). */
export type EnqueueRulesCommand = z.output<typeof sigmaEnqueueBusRequestSchema>;

type QueueMatcher = ReturnType<EnqueueRulesDeps['queueSimilarity']['session']>;
type Rule = EnqueueRulesCommand['rules'][number];

/** What becomes of one rule, decided before anything is written. */
type Plan =
  | { kind: 'existing'; item: QueueItemRow }
  | { kind: 'duplicate'; similarity: ItemSimilarity }
  | { kind: 'linked'; queueId: number; status: string; score: number; matches: Array<Record<string, unknown>> }
  | { kind: 'new'; row: NewQueueItem };

function comparisonOf(similarity: Pick<ItemSimilarity, 'max_similarity' | 'inconclusive' | 'matches'>) {
  return {
    max_similarity: similarity.max_similarity,
    inconclusive: similarity.inconclusive,
    matches: similarity.matches as Array<Record<string, unknown>>,
  };
}

function queued(item: QueueItemRow, created: boolean): SigmaEnqueueOutcome {
  return {
    outcome: 'queued',
    queue_id: item.id,
    status: item.status,
    created,
    ...comparisonOf({
      max_similarity: item.maxSimilarity,
      inconclusive: item.similarityInconclusive,
      matches: (Array.isArray(item.matches) ? item.matches : []) as ItemSimilarity['matches'],
    }),
  };
}

/**
 * A generated rule must be valid and comparable (a workflow bug otherwise: the request is refused).
 * A publisher rule is the publisher's text kept verbatim, so it is queued even when invalid or not
 * comparable, for review, with its findings.
 */
async function planRule(
  deps: EnqueueRulesDeps,
  queueMatches: QueueMatcher,
  ids: { workflow_execution_id: number; article_id: number },
  rule: Rule,
): Promise<Plan> {
  const publisher = rule.source === 'publisher';
  if (publisher) {
    // A publisher's rule is kept verbatim, so the same article read again brings the very same text.
    const same = await deps.queue.openItemWithOriginal(rule.rule_yaml);
    if (same) return { kind: 'linked', queueId: same.id, status: same.status, score: 1, matches: [] };
  }
  const facts = publisher ? ruleFacts(rule.rule_yaml, rule.rule_document) : requireValidRule(rule.rule_yaml, rule.rule_document);
  // Analysed once for both comparisons, the corpus's and the queue's.
  const analysed = analyseDocument(facts.doc, facts.validated);
  let similarity: ItemSimilarity;
  try {
    similarity = await searchAnalysed(deps.index, analysed, 10);
  } catch (error) {
    if (!(publisher && error instanceof UnanalysableRuleError)) throw error;
    similarity = NOT_COMPARED;
  }
  const threshold = rule.similarity_threshold;
  if (threshold !== undefined && !similarity.inconclusive && similarity.max_similarity !== null && similarity.max_similarity >= threshold) {
    return { kind: 'duplicate', similarity };
  }
  if (threshold !== undefined && facts.doc) {
    const match = await queueMatches.closestAnalysed(analysed);
    if (match && !match.inconclusive && match.score >= threshold) {
      return { kind: 'linked', queueId: match.queueId, status: match.status, score: match.score, matches: [match.match] };
    }
  }
  const input = { ...rule, ...ids };
  return { kind: 'new', row: newItem(input, facts, similarity, { needsReview: rule.needs_review }) };
}

/**
 * `sigma.queue.enqueue`: the rules of one execution step, planned first (validated, compared with the
 * corpus and with the queue's open and approved items, promotion rule applied) and then inserted in one
 * statement, so a refused rule leaves nothing queued. Idempotent per (workflow_execution_id, rule_yaml),
 * also within one request. A refused rule throws (an HttpError, or UnanalysableRuleError).
 */
export async function enqueueRules(deps: EnqueueRulesDeps, command: EnqueueRulesCommand): Promise<SigmaEnqueueOutcome[]> {
  const { rules, ...ids } = command;
  const existing = await deps.queue.findByExecutionAndRules(
    ids.workflow_execution_id,
    rules.map((rule) => rule.rule_yaml),
  );
  const planned = new Map<string, Plan>();
  const queueMatches = deps.queueSimilarity.session();
  for (const rule of rules) {
    if (planned.has(rule.rule_yaml)) continue;
    const item = existing.get(rule.rule_yaml);
    planned.set(rule.rule_yaml, item ? { kind: 'existing', item } : await planRule(deps, queueMatches, ids, rule));
  }
  const fresh = [...planned.entries()].filter((entry): entry is [string, Extract<Plan, { kind: 'new' }>] => entry[1].kind === 'new');
  const created = await createItems(
    deps,
    fresh.map(([, plan]) => plan.row),
  );
  const createdByYaml = new Map(fresh.map(([yaml], i) => [yaml, created[i] as QueueItemRow]));
  const reported = new Set<string>();
  return rules.map((rule): SigmaEnqueueOutcome => {
    const plan = planned.get(rule.rule_yaml) as Plan;
    const firstMention = !reported.has(rule.rule_yaml);
    reported.add(rule.rule_yaml);
    if (plan.kind === 'duplicate') return { outcome: 'duplicate', ...comparisonOf(plan.similarity) };
    if (plan.kind === 'linked') {
      return {
        outcome: 'linked',
        queue_id: plan.queueId,
        status: plan.status,
        max_similarity: plan.score,
        inconclusive: false,
        matches: plan.matches,
      };
    }
    if (plan.kind === 'existing') return queued(plan.item, false);
    return queued(createdByYaml.get(rule.rule_yaml) as QueueItemRow, firstMention);
  });
}
