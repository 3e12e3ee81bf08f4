// The rules on shells handed a chain of commands in one command line.
import { mergeTags } from './attack-inference';
import { programLabel } from './behaviour-titles';
import { techniqueFiresOn } from './technique-match';
import { citation, type RuleDraft } from './rule-draft';
import { someNames } from './registry-families';
import { relayedChain } from './relaying-shell';
import { withProgramSelection } from './program-selection';
import { articleLines, shownTechniques } from './article-runs';
import { productOf, imageSuffix, selections, draft, processLogsource } from './builtin-draft';
import { commandLineCondition } from './selection-conditions';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * One rule per chain a line hands a shell (`cmd /c ping 127.0.0.1 -n 2 > nul && del /F x.exe`, `bash -c 'curl -s … | bash'`):
 * the shell is the process whose CommandLine holds the chain, so the rule is on it with a value of each stage
 * (relaying-shell.ts). Each program the chain starts keeps its own rule; a chain a technique rule on the shell already
 * covers (a `for /f … do call` loop) gets none.
 */
export function relayingShellRules(input: BuiltinSigmaInput): RuleDraft[] {
  const shown = shownTechniques(input);
  const seen = new Set<string>();
  return articleLines(input).flatMap(({ platform, commandLine }, index) => {
    const product = productOf(platform);
    const chain = relayedChain(commandLine, product === 'windows');
    if (!chain) return [];
    const key = [product, chain.shell, ...chain.values.map((value) => value.toLowerCase())].join('\u0000');
    if (seen.has(key)) return [];
    seen.add(key);
    if (shown.some((known) => known.product === product && techniqueFiresOn(known.technique, chain.shell, commandLine, product))) return [];
    const { detection: selected, values } = selections([
      { 'Image|endswith': imageSuffix(platform, chain.shell), ...commandLineCondition(chain.values) },
    ]);
    const detection = withProgramSelection(selected, product);
    const verbs = chain.verbs.filter((verb) => verb !== 'cmd' && verb !== chain.shell);
    const shell = programLabel(chain.shell);
    return [
      draft(
        'process_creation',
        {
          title: `${someNames(verbs.map(programLabel))} Chained In One ${shell} Command Line`,
          description: `Detects ${chain.shell} told to run ${verbs.join(', then ')} in one command line ${citation(input.article)}.`,
          logsource: processLogsource(platform),
          detection,
          tags: mergeTags(['attack.execution', product === 'windows' ? 'attack.t1059.003' : 'attack.t1059.004']),
          level: 'medium',
          falsepositives: [`Installers or administrator scripts that chain the same commands through ${chain.shell}`],
        },
        values,
        input,
        index,
      ),
    ];
  });
}
