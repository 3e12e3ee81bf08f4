import { selfTestRule } from '@huntforge/sigma';
import type { QueueItemRow } from '../../repositories/queue-repository';
import { searchSimilarDocument } from '../../similarity/search-similar';
import { requireValidRule } from '../rule-facts';
import { observablesOf } from '../self-test/recorded-observables';
import { assertCan } from '../transitions';
import { type QueueDeps, getItem, transition, appendNote } from '../queue-deps';

/**
 * Replaces the rule YAML (re-validated and re-compared); allowed while the item awaits review. When the
 * workflow recorded the article's observables, the edited rule's self-test (its observables and the
 * benign baseline) runs again.
 */
export async function editItem(deps: QueueDeps, id: number, input: { rule_yaml: string; reviewer?: string }): Promise<QueueItemRow> {
  const item = await getItem(deps, id);
  assertCan(id, item.status, 'edit');
  const facts = requireValidRule(input.rule_yaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  const observables = observablesOf(item.provenance);
  const provenance = observables
    ? { ...((item.provenance ?? {}) as Record<string, unknown>), self_test: selfTestRule(facts.doc ?? input.rule_yaml, observables) }
    : undefined;
  return transition(deps, item, 'edit', {
    ...(provenance ? { provenance } : {}),
    ruleYaml: input.rule_yaml,
    ruleDocument: facts.doc ?? undefined,
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    validationFindings: facts.findings,
    telemetryClass: similarity.telemetry_class,
    maxSimilarity: similarity.max_similarity,
    similarityInconclusive: similarity.inconclusive,
    matches: similarity.matches,
    reviewNotes: appendNote(item, input.reviewer, 'edited the rule'),
  });
}
