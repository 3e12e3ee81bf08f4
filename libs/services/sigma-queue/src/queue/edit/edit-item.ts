import type { QueueItemRow } from '../../repositories/queue-repository';
import { searchSimilarDocument } from '../../similarity/search-similar';
import { requireValidRule } from '../rule-facts';
import { assertCan } from '../transitions';
import { type QueueDeps, getItem, transition, appendNote } from '../queue-deps';

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
