import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import type { CorpusChecks, UncoveredRun } from '../templates/corpus-informed';
import { benignBaseline } from './benign-baseline';
import { compileRule, type CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { processEventOn } from './process-event';
import { queryRuleHolds } from './query-events';

function compiled(selection: SigmaFieldMap, product: string): CompiledRule | null {
  try {
    return compileRule({
      title: 'corpus-informed candidate',
      logsource: { category: 'process_creation', product },
      detection: { selection, condition: 'selection' },
    });
  } catch {
    // A value the engine cannot run (a regex JavaScript refuses): the selection can be trusted with nothing.
    return null;
  }
}

/** The run's own process event, as the self-test builds it (observable-events.ts): a cmdlet's process is powershell.exe. */
function runEvent(run: UncoveredRun): SigmaEvent {
  const windows = run.product === 'windows';
  const line = windows ? run.commandLine : run.commandLine.replace(/^(\S+)\.exe\b/i, '$1');
  return { ...processEventOn(windows, run.viaPowerShell ? `powershell.exe ${line}` : line, null), CommandLine: line };
}

/** The rule engine's answers the corpus-informed generator decides a reference rule's credibility with. */
export const corpusChecks: CorpusChecks = {
  firesOnRun(selection, run) {
    return compiled(selection, run.product)?.matches(runEvent(run)) ?? false;
  },
  firesOnBaseline(selection, product) {
    const rule = compiled(selection, product);
    return rule === null || benignBaseline().some((event) => rule.matches(event));
  },
  queryRuleHolds,
};
