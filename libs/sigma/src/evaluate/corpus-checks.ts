import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import type { CorpusChecks, UncoveredRun } from '../templates/corpus-informed';
import { benignBaseline } from './benign-baseline';
import { compileRule, type CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { processEventOn } from './process-event';

/** The rule compiled, or null for a value the engine cannot run (a regex JavaScript refuses): such a rule can be trusted with nothing. */
function compiledOrNull(rule: Record<string, unknown>): CompiledRule | null {
  try {
    return compileRule(rule);
  } catch {
    return null;
  }
}

/** Whether a rule fires on ordinary machines (the benign baseline): each firing there is an expected false positive. */
function firesOnBaseline(rule: CompiledRule): boolean {
  return benignBaseline().some((event) => rule.matches(event));
}

function processRule(selection: SigmaFieldMap, product: string): CompiledRule | null {
  return compiledOrNull({
    title: 'corpus-informed candidate',
    logsource: { category: 'process_creation', product },
    detection: { selection, condition: 'selection' },
  });
}

/** The run's own process event, as the self-test builds it (observable-events.ts): a cmdlet's process is powershell.exe. */
function runEvent(run: UncoveredRun): SigmaEvent {
  const windows = run.product === 'windows';
  const line = windows ? run.commandLine : run.commandLine.replace(/^(\S+)\.exe\b/i, '$1');
  return { ...processEventOn(windows, run.viaPowerShell ? `powershell.exe ${line}` : line, null), CommandLine: line };
}

/** Whether a translated query's rule compiles, fires on the event its query describes, and on no benign baseline event. */
export function queryRuleHolds(rule: { logsource: Record<string, string>; detection: SigmaDetection }, event: SigmaEvent): boolean {
  const compiled = compiledOrNull({ title: 'translated hunt query', ...rule });
  return compiled !== null && compiled.matches(event) && !firesOnBaseline(compiled);
}

/** The rule engine's answers the corpus-informed generator decides a reference rule's credibility with. */
export const corpusChecks: CorpusChecks = {
  firesOnRun(selection, run) {
    return processRule(selection, run.product)?.matches(runEvent(run)) ?? false;
  },
  firesOnBaseline(selection, product) {
    const rule = processRule(selection, product);
    return rule === null || firesOnBaseline(rule);
  },
  queryRuleHolds,
};
