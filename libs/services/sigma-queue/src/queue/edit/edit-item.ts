import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { selfTestRule } from '@huntforge/sigma';
import { searchSimilarDocument } from '../../similarity/search-similar';
import { appendNote, loadItem, transition, type TransitionDeps } from '../queue-items';
import { requireValidRule } from '../rule-facts';
import { observablesOf } from '../self-test/recorded-observables';
import { assertCan } from '../transitions';
import { toQueueItemBody } from '../views';
import type { CorpusIndex } from '../../corpus/corpus-index';

export interface EditItemDeps extends TransitionDeps {
  index: Pick<CorpusIndex, 'get'>;
}

export interface EditItemCommand {
  queueId: number;
  ruleYaml: string;
  reviewer?: string;
}

/**
 * Replaces the rule YAML (re-validated and re-compared); allowed while the item awaits review. When the
 * workflow recorded the article's observables, the edited rule's self-test (its observables and the
 * benign baseline) runs again.
 */
export async function editItem(deps: EditItemDeps, command: EditItemCommand): Promise<SigmaQueueItemBody> {
  const { queueId, ruleYaml } = command;
  const item = await loadItem(deps, queueId);
  assertCan(queueId, item.status, 'edit');
  const facts = requireValidRule(ruleYaml);
  const similarity = await searchSimilarDocument(deps.index, facts.doc, 10);
  const observables = observablesOf(item.provenance);
  const provenance = observables
    ? { ...((item.provenance ?? {}) as Record<string, unknown>), self_test: selfTestRule(facts.doc ?? ruleYaml, observables) }
    : undefined;
  const edited = await transition(deps, item, 'edit', {
    ...(provenance ? { provenance } : {}),
    ruleYaml,
    ruleDocument: facts.doc ?? undefined,
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    validationFindings: facts.findings,
    telemetryClass: similarity.telemetry_class,
    maxSimilarity: similarity.max_similarity,
    similarityInconclusive: similarity.inconclusive,
    matches: similarity.matches,
    reviewNotes: appendNote(item, command.reviewer, 'edited the rule'),
  });
  return toQueueItemBody(edited);
}
