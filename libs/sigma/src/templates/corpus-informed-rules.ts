// The behaviours the reference corpus knows and the technique table does not: which runs they are looked up for, and their rules.
import { mergeTags, tagsForExecutable } from './attack-inference';
import { programLabel } from './behaviour-titles';
import { isShellBuiltin } from './command-program';
import { techniqueFiresOn } from './technique-match';
import { citation, type RuleDraft } from './rule-draft';
import { attribution, type CorpusBehaviour, type UncoveredRun } from './corpus-informed';
import { withProgramSelection } from './program-selection';
import { articleRuns, shownTechniques, type ArticleRun } from './article-runs';
import { MAX_SELECTIONS, chunk, productOf, selections, draft, processLogsource } from './builtin-draft';
import { imageCondition, withoutNarrower, distinctEntries } from './selection-conditions';
import { type CommandSelection, isHousekeeping, sameRun, comparable } from './command-selections';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

/** Whether the program's own selection already keys on every value the corpus-informed rule would: that rule adds nothing. */
export function alreadyKeyed(behaviour: CorpusBehaviour, own: readonly CommandSelection[]): boolean {
  return own.some((selection) => {
    if (selection.ownSwitches) return false;
    const tokens = new Set(selection.tokens.map(comparable));
    return sameRun(behaviour.run, selection) && behaviour.values.every((value) => tokens.has(comparable(value)));
  });
}

/**
 * The programs the intruder ran (not the author's investigation steps, not housekeeping) that no technique rule covers:
 * where the technique table knows nothing, the reference corpus may (corpus-informed.ts).
 */
export function uncoveredRuns(input: BuiltinSigmaInput): UncoveredRun[] {
  const shown = shownTechniques(input);
  return articleRuns(input)
    .filter(({ technique, run }) => technique === null && !isHousekeeping(run) && !isShellBuiltin(run.image))
    .filter(({ run, platform }) => {
      const image = run.viaPowerShell ? 'powershell.exe' : run.image;
      return !shown.some(
        ({ technique, product }) => product === productOf(platform) && techniqueFiresOn(technique, image, run.commandLine, product),
      );
    })
    .map(asUncoveredRun);
}

/** A run as the reference corpus is asked about it: its product, program, command line and image condition. */
function asUncoveredRun({ run, platform, observable }: ArticleRun): UncoveredRun {
  return {
    observable,
    product: productOf(platform),
    image: run.image,
    commandLine: run.commandLine,
    viaPowerShell: run.viaPowerShell,
    imageCondition: imageCondition({ platform, image: run.image, viaPowerShell: run.viaPowerShell }),
  };
}

/**
 * One rule per behaviour of a program the reference corpus knows and the technique table does not: keyed on the atoms
 * of the reference rule that matched the program's command line (corpus-informed.ts), derived from it under DRL 1.1.
 */
export function corpusInformedRules(input: BuiltinSigmaInput, behaviours: readonly CorpusBehaviour[]): RuleDraft[] {
  const groups = new Map<string, CorpusBehaviour[]>();
  for (const behaviour of behaviours) {
    const program = behaviour.run.viaPowerShell ? 'powershell.exe' : behaviour.run.image.toLowerCase();
    const key = `${behaviour.run.product}|${program}|${behaviour.rule.rule_id}`;
    groups.set(key, [...(groups.get(key) ?? []), behaviour]);
  }
  const titles = new Map<string, number>();
  const drafted = [...groups.values()].map((group) => ({ group, title: corpusTitle(group) }));
  for (const { title } of drafted) titles.set(title, (titles.get(title) ?? 0) + 1);
  return drafted.flatMap(({ group, title }, index) => {
    const first = group[0] as CorpusBehaviour;
    const platform = first.run.product as TemplatePlatform;
    const image = first.run.viaPowerShell ? 'powershell.exe' : first.run.image;
    // No ParentImage, as in the program's own rule (cmdline-rules.ts): the lineage rule keys the pair the article shows.
    const entries = withoutNarrower(distinctEntries(group.map((behaviour) => behaviour.selection)));
    const lines = [...new Set(group.map((behaviour) => behaviour.run.commandLine))];
    const parts = chunk(entries, MAX_SELECTIONS);
    return parts.map((part, at) => {
      const { detection: selected, values } = selections(part);
      const detection = withProgramSelection(selected, first.run.product);
      const example = lines.find((line) => line.length <= 160);
      const named = (titles.get(title) ?? 0) > 1 ? `${title} (${programLabel(image)})` : title;
      const rule = draft(
        'process_creation',
        {
          title: `${named}${parts.length > 1 ? ` (Part ${at + 1})` : ''}`,
          description: `Detects ${image} run as ${example ? `the command ${example}` : 'the commands'} ${citation(input.article)}. ${attribution(first.rule)}`,
          logsource: processLogsource(platform),
          detection,
          // A reference rule whose techniques ATT&CK has since revoked says only its tactic: the program's own technique completes it.
          tags: first.tags.some((tag) => /^attack\.t\d{4}/.test(tag))
            ? mergeTags(first.tags)
            : mergeTags(first.tags, tagsForExecutable(image)),
          level: first.level,
          falsepositives: [`Administrators or software running ${image} the same way`],
        },
        values,
        input,
        index * MAX_SELECTIONS + at,
      );
      return { ...rule, rule: { ...rule.rule, related: [{ id: first.rule.rule_id, type: 'derived' as const }] } };
    });
  });
}

/**
 * A behaviour's title: the reference rule's, which names what its atoms detect (the table's title names the command's
 * own behaviour, which the rule may not key on), without quotes.
 */
function corpusTitle(group: readonly CorpusBehaviour[]): string {
  return (group[0] as CorpusBehaviour).rule.title
    .replace(/["'“”‘’`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
