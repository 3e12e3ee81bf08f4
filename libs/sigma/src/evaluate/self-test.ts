import { RuleCompileError } from './compile-item';
import { compileRule } from './compile-rule';
import { observableEvents, type ObservableLike } from './observable-events';

export interface SelfTestResult {
  /** The rule fires on the telemetry of at least one observable it was made from. */
  fires: boolean;
  /** Synthetic events tried. */
  events: number;
  /** The observables whose events it fires on (`type: value`). */
  fired_on: string[];
  /** Why the rule could not be run, when it could not. */
  error?: string;
}

/**
 * Runs a generated rule over the synthetic telemetry of the observables it was made from: a rule
 * that fires on none of them cannot detect what the article describes, and needs a reviewer.
 */
function productOf(doc: unknown): string | undefined {
  const logsource = doc && typeof doc === 'object' ? (doc as { logsource?: unknown }).logsource : undefined;
  const product = logsource && typeof logsource === 'object' ? (logsource as { product?: unknown }).product : undefined;
  return typeof product === 'string' ? product : undefined;
}

export function selfTestRule(ruleYaml: string, observables: readonly ObservableLike[]): SelfTestResult {
  let rule;
  try {
    rule = compileRule(ruleYaml);
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    return { fires: false, events: observableEvents(observables).length, fired_on: [], error: error.message };
  }
  // The rule's logsource says whose telemetry it reads: a bare `sc` is `sc.exe` on Windows.
  const events = observableEvents(observables, { product: productOf(rule.doc) });
  const firedOn = [...new Set(events.filter(({ event }) => rule.matches(event)).map(({ observable }) => observable))];
  return { fires: firedOn.length > 0, events: events.length, fired_on: firedOn };
}
