// The rules of the well-known techniques the article's commands (or, without a quoted command, its prose) show.
import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import { bareName } from './command-program';
import { shownTechniqueDetection } from './technique-match';
import type { Technique } from './techniques';
import { citation, type RuleDraft } from './rule-draft';
import { behaviourSwitchesOf } from './behaviour-values';
import { withProgramSelection } from './program-selection';
import { proseTechniqueDetection, proseTechniqueProduct, proseTechniques } from './prose-techniques';
import { techniquesShown } from './article-runs';
import { productOf, selections, draft, processLogsource } from './builtin-draft';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

/**
 * One rule per well-known technique the article's commands show, keyed on the behaviour as the table
 * writes it (rundll32 with comsvcs and MiniDump), never on the values only this intrusion had (the
 * dump's file name): the next intrusion names its dump differently and does the same.
 */
export function techniqueRules(input: BuiltinSigmaInput): RuleDraft[] {
  const shownByCommands = [...techniquesShown(input).values()];
  return [
    ...shownByCommands.map(({ technique, commandLines, platform }, index) => {
      // No ParentImage: the behaviour is the finding however it was started; a suspicious parent the article shows has
      // its own lineage rule (lineage-rules.ts), which the technique's rule with the parent required would only narrow.
      const shown = withShownSwitches(technique, commandLines, shownTechniqueDetection(technique, productOf(platform), commandLines));
      // One short command quoted as the example; a long one would bury the description.
      const example = commandLines.find((line) => line.length <= 160);
      const quoted = example ? `${commandLines.length === 1 ? 'the command' : 'commands such as'} ${example}` : 'the commands';
      return techniqueDraft(
        input,
        technique,
        { platform, detection: withProgramSelection(shown, productOf(platform)), keyed: shown },
        `as ${quoted} ${citation(input.article)}`,
        index,
      );
    }),
    ...proseTechniqueRules(input, shownByCommands.length),
  ];
}

/**
 * One rule per well-known technique the article's prose shows without quoting its command ("runs osascript to display
 * a fake password dialog", prose-techniques.ts), where no quoted command line showed it already: the technique's own
 * rule, cut to the alternatives the sentences name. Unix techniques only, in an article not about Windows alone.
 */
function proseTechniqueRules(input: BuiltinSigmaInput, offset: number): RuleDraft[] {
  if (input.platform === 'windows') return [];
  const seen = new Set(techniquesShown(input).keys());
  return proseTechniques(input.content).flatMap((shown, index) => {
    const { technique } = shown;
    // A technique of any platform takes the article's, when that is Linux or macOS.
    const product = proseTechniqueProduct(technique, productOf(input.platform));
    if (!product || seen.has(`${technique.id}|${product}`)) return [];
    const detection = proseTechniqueDetection(shown, product);
    return [
      techniqueDraft(
        input,
        technique,
        { platform: product, detection, keyed: detection },
        `as the intrusion ${citation(input.article)} does`,
        offset + index,
      ),
    ];
  });
}

/**
 * A technique's rule, however the article showed it (quoted commands or prose): the table's title, tags, level and
 * false positives, so the same technique reads the same in every article. Its detection values are those of `keyed`,
 * the technique's own selections: not the program selection withProgramSelection adds around them.
 */
function techniqueDraft(
  input: BuiltinSigmaInput,
  technique: Technique,
  rule: { platform: TemplatePlatform; detection: SigmaDetection; keyed: SigmaDetection },
  shownAs: string,
  part: number,
): RuleDraft {
  const { values } = selections(
    Object.entries(rule.keyed)
      .filter(([name]) => name !== 'condition')
      .map(([, block]) => block as SigmaFieldMap),
  );
  return draft(
    'process_creation',
    {
      title: technique.title,
      description: `Detects a process that ${technique.does}, ${shownAs}.`,
      logsource: processLogsource(rule.platform),
      detection: rule.detection,
      tags: mergeTags(technique.tags),
      level: technique.level,
      falsepositives: technique.falsepositives,
    },
    values,
    input,
    part,
  );
}

/**
 * A technique's detection with the behaviour switches every one of its command lines shows besides the technique's own
 * values (`vssadmin delete shadows /all /quiet`, `psexec -h -d -c`), as an engineer keys the step the article saw: a
 * selection of their own, required. Switches only: the payload, folder and host stay out of a behaviour's rule.
 */
function withShownSwitches(technique: Technique, commandLines: readonly string[], detection: SigmaDetection): SigmaDetection {
  if (technique.programs.length === 0 || technique.wholeLine || commandLines.length === 0) return detection;
  const perLine = commandLines.map((line) => {
    const program = bareName(
      line
        .trim()
        .split(/\s+/)[0]
        ?.replace(/^["']|["']$/g, '') ?? '',
    );
    return technique.programs.includes(program) ? behaviourSwitchesOf(program, line) : null;
  });
  if (perLine.some((switches) => switches === null)) return detection;
  const lists = perLine as string[][];
  const bare = (value: string) => value.trim().toLowerCase().replace(/^[-/]/, '');
  const known = technique.selections.flatMap((block) =>
    Object.values(block)
      .flat()
      .map((value) => bare(String(value))),
  );
  const common = (lists[0] ?? []).filter(
    (value) => lists.every((list) => list.some((other) => bare(other) === bare(value))) && !known.includes(bare(value)),
  );
  if (common.length === 0) return detection;
  const { condition, ...blocks } = detection;
  const switches: SigmaFieldMap =
    common.length === 1 ? { 'CommandLine|contains': common[0] as string } : { 'CommandLine|contains|all': common };
  const named = condition === 'selection' ? { selection_1: blocks['selection'] as SigmaFieldMap } : blocks;
  return { ...named, selection_switches: switches, condition: 'all of selection_*' } as SigmaDetection;
}
