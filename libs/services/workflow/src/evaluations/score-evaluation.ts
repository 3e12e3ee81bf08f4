import { SUBRESULT_KEYS } from '@huntforge/contracts/extraction';
import { EVAL_SUBAGENT_AGENTS, type EvalSubagent } from '@huntforge/contracts/workflow';
import { ruleSetAtoms } from '@huntforge/sigma';
import { actualItems, scoreItems, type ExpectedItems } from '@huntforge/observables';
import type { RecordOutcome } from '../repositories/evaluation-repository';

/**
 * The outcome of a record whose agent produced `output`: counts always (for the Sigma generator, rules),
 * item-level figures (atoms) when the truth has items.
 */
export function scoreOutput(subagent: EvalSubagent, expectedCount: number, expected: ExpectedItems | null, output: unknown): RecordOutcome {
  const items = actualItems(output, subagent);
  const reported = (output as { count?: unknown } | null)?.count;
  const actualCount = typeof reported === 'number' ? reported : items.length;
  const base: RecordOutcome = { status: 'completed', actualCount, actualItems: items, score: actualCount - expectedCount, output };
  if (!expected) return { ...base, matchedCount: null, missedCount: null, extraCount: null };
  const scored = scoreItems(subagent, expected, items);
  return { ...base, matchedCount: scored.matched.length, missedCount: scored.missed.length, extraCount: scored.extra.length };
}

/**
 * The retained output of the agent in an execution: its subresult of the extraction result, or for the
 * Sigma generator the rules the execution kept (decomposed again into atoms).
 */
export function outputOfExecution(subagent: EvalSubagent, execution: { extractionResult: unknown; sigmaRules?: unknown } | null): unknown {
  if (!execution) return null;
  if (subagent === 'sigma') {
    const rules = Array.isArray(execution.sigmaRules)
      ? execution.sigmaRules.flatMap((rule) =>
          typeof (rule as { yaml?: unknown }).yaml === 'string' ? [(rule as { yaml: string }).yaml] : [],
        )
      : [];
    if (rules.length === 0) return null;
    const atoms = ruleSetAtoms(rules);
    return { rules, count: rules.length, atoms: atoms.atoms, classes: atoms.classes, undecomposable: atoms.undecomposable, invalid: null };
  }
  const agent = EVAL_SUBAGENT_AGENTS[subagent];
  const extractionResult = execution.extractionResult;
  const subresults = (extractionResult as { subresults?: Record<string, unknown> } | null)?.subresults ?? {};
  const sub = subresults[SUBRESULT_KEYS[agent]] as { items?: unknown; count?: unknown; status?: string } | undefined;
  if (!sub || sub.status !== 'completed' || !Array.isArray(sub.items)) return null;
  return { items: sub.items, count: typeof sub.count === 'number' ? sub.count : sub.items.length };
}

/** Stored expected items, when the record has item-level truth. */
export function storedExpected(raw: unknown): ExpectedItems | null {
  const value = raw as Partial<ExpectedItems> | null;
  if (!value || !Array.isArray(value.required)) return null;
  return { required: value.required.map(String), optional: Array.isArray(value.optional) ? value.optional.map(String) : [] };
}
