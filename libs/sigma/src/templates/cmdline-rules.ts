// The command-line rules: one per program and behaviour the article's commands show.
import { commandFacts } from '@huntforge/observables';
import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { mergeTags, tagsForExecutable, tagsForRegistryPath } from './attack-inference';
import { behaviourTags, behaviourTitle, knownBehaviour } from './behaviour-titles';
import { bareName } from './command-program';
import { citation, type RuleDraft } from './rule-draft';
import { someNames, stepOfCommands } from './registry-families';
import { serviceControl } from './service-control';
import type { CorpusBehaviour } from './corpus-informed';
import { withProgramSelection } from './program-selection';
import { MAX_SELECTIONS, chunk, productOf, selections, draft, processLogsource } from './builtin-draft';
import { commandLineCondition, imageCondition, withoutNarrower, distinctEntries } from './selection-conditions';
import { type CommandSelection, commandSelections } from './command-selections';
import { serviceControlRule } from './service-control-rule';
import { isBehaviourSwitch } from './command-tokens';
import type { BuiltinSigmaInput } from './builtin-input';

/** Whether a Windows command line writes the registry (reg add or import, Set-ItemProperty, New-Item on a key). */
function writesRegistry(commandLine: string): boolean {
  return commandFacts(commandLine, { platform: 'windows' }).registry.some((operation) =>
    ['set', 'create-key', 'import'].includes(operation.action),
  );
}

/** One rule per program the article shows running: one behaviour, its command lines as selections. */
export function cmdlineRules(input: BuiltinSigmaInput, corpus: readonly CorpusBehaviour[] = []): RuleDraft[] {
  const byImage = new Map<string, CommandSelection[]>();
  for (const selection of commandSelections(input, corpus)) {
    const key = `${productOf(selection.platform)}|${selection.viaPowerShell ? 'powershell.exe' : selection.image.toLowerCase()}`;
    byImage.set(key, [...(byImage.get(key) ?? []), selection]);
  }
  return [...byImage.entries()].flatMap(([key, all]) => {
    const image = key.slice(key.indexOf('|') + 1);
    const platform = all[0]?.platform ?? input.platform;
    // One rule per behaviour of a program: a Run-key write and a service change by reg.exe are two findings.
    const byBehaviour = new Map<string, Array<{ selection: CommandSelection; entry: SigmaFieldMap }>>();
    for (const selection of all) {
      // reg.exe writing values of a known step (Start = 4 under a service) is that step, apart from its other writes.
      const behaviour =
        knownBehaviour(selection.viaPowerShell ? 'powershell.exe' : selection.image, selection.commandLine) ??
        (bareName(selection.image) === 'reg' && !selection.viaPowerShell ? stepOfCommands([selection.commandLine])?.short : undefined) ??
        '';
      // No ParentImage: where the article shows a suspicious parent, the lineage rule keys the pair (lineage-rules.ts);
      // the same command with the parent required would match only what that rule does, and miss it run any other way.
      const entry = { ...imageCondition(selection), ...commandLineCondition(selection.tokens) };
      byBehaviour.set(behaviour, [...(byBehaviour.get(behaviour) ?? []), { selection, entry }]);
    }
    // Duplicates and narrower copies go within a behaviour only: the write of a Run value is not covered by a query
    // of its key, though the query's selection matches it; each keeps its own rule, titled for what it does.
    const behaviours = [...byBehaviour.values()].map((pairs) => {
      const kept = new Set(withoutNarrower(distinctEntries(pairs.map((pair) => pair.entry))));
      const mine = pairs.filter((pair) => kept.has(pair.entry));
      return { group: mine.map((pair) => pair.selection), entries: mine.map((pair) => pair.entry) };
    });
    return behaviours.flatMap(({ group, entries: all }) => {
      const controlled = serviceControlRule(input, image, platform, group);
      if (controlled) return [controlled];
      // A known registry step is one behaviour however many keys it writes: its rule is not split.
      const stepped = bareName(image) === 'reg' ? stepOfCommands(group.map((selection) => selection.commandLine)) : null;
      const parts = stepped ? [all] : chunk(all, MAX_SELECTIONS);
      return parts.map((entries, part) => {
        const { detection: selected, values } = selections(entries);
        const detection = withProgramSelection(selected, productOf(platform));
        // A command that writes a Run key is persistence first (reg add …\CurrentVersion\Run).
        // Commands that only stop or disable services (a security agent) are Service Stop, not the program's usual technique.
        const stopsServices = group.every((selection) => selection.platform !== 'linux' && serviceControl(selection.commandLine) !== null);
        // reg.exe writing values a known step is made of (Start = 4 under services) is that step.
        const step = stepped;
        const known = behaviourTags(
          group[0]?.image ?? image,
          group.map((selection) => selection.commandLine),
        );
        const tags = step
          ? step.tags
          : stopsServices
            ? ['attack.impact', 'attack.t1489']
            : (known ??
              mergeTags(
                tagsForExecutable(image),
                ...group.map((selection) =>
                  // Only a write is what a key stands for (a Run value set is persistence); deleting or querying one is not.
                  writesRegistry(selection.commandLine) ? tagsForRegistryPath(selection.commandLine) : [],
                ),
              ));
        // Specificity: each value counts, a behaviour switch (delete shadows, -urlcache) once more.
        const strongest = Math.max(
          ...group.map((selection) => selection.tokens.length + (selection.tokens.some(isBehaviourSwitch) ? 1 : 0)),
        );
        return draft(
          'process_creation',
          {
            title: `${
              step
                ? `${step.short} Via Reg.EXE`
                : behaviourTitle(
                    group[0]?.image ?? image,
                    group.map((selection) => selection.commandLine),
                  )
            }${parts.length > 1 ? ` (${partName(entries, part)})` : ''}`,
            description: `Detects ${image} run with the arguments ${citation(input.article)}.`,
            logsource: processLogsource(platform),
            detection,
            tags,
            level:
              strongest >= 2 && tags.some((tag) => /^attack\.t(1218|1105|1197|1490|1059\.001|1547\.001)/.test(tag))
                ? 'high'
                : strongest >= 2
                  ? 'medium'
                  : 'low',
            falsepositives: [`Administrators or software running ${image} with the same arguments`],
          },
          values,
          input,
          part,
        );
      });
    });
  });
}

/** What sets one part of a split rule apart, for its title: the last segment of each selection's most specific value. */
function partName(entries: SigmaFieldMap[], part: number): string {
  const names = entries.flatMap((entry) => {
    const raw = entry['CommandLine|contains'] ?? entry['CommandLine|contains|all'];
    const specific = (Array.isArray(raw) ? raw : [raw]).map(String).sort((a, b) => b.length - a.length)[0];
    const leaf = specific
      ?.split(/[\\/]/)
      .filter(Boolean)
      .at(-1)
      // A DLL's export (`mod5.dll,Start`) or the arguments after a path are not its name.
      ?.split(/[,\s]/)[0]
      ?.replace(/[^\w.-]/g, '');
    return leaf && leaf.length >= 3 ? [leaf] : [];
  });
  return names.length > 0 ? someNames(names) : `Part ${part + 1}`;
}
