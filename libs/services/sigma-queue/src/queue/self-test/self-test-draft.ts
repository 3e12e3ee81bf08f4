import type { SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { selfTestRule } from '@huntforge/sigma';
import { loadItem, type LoadItemDeps } from '../queue-items';
import { selfTestOf } from '../views';
import { observablesOf } from './recorded-observables';

export type SelfTestDraftDeps = LoadItemDeps;

export interface SelfTestDraftCommand {
  queueId: number;
  /** The rule as the reviewer is typing it. */
  ruleYaml: string;
}

/**
 * The self-test of a draft (the rule as the reviewer is typing it), run as a saved edit would run it, and
 * not stored: the review page shows whether the edit still fires on the article's observables before it is
 * saved. A draft that does not compile answers with the self-test's `error`, not a 400: half-typed YAML is
 * normal while editing.
 */
export async function selfTestDraft(
  deps: SelfTestDraftDeps,
  command: SelfTestDraftCommand,
): Promise<{ self_test: SigmaQueueItemBody['self_test'] }> {
  const item = await loadItem(deps, command.queueId);
  const observables = observablesOf(item.provenance);
  if (!observables) return { self_test: null };
  return { self_test: selfTestOf({ self_test: selfTestRule(command.ruleYaml, observables) }) };
}
