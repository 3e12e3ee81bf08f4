import { commandOfEventFields, hasEventFieldLabel, scriptBlockCode } from '@huntforge/observables';
import type { CmdlineItem } from '@huntforge/contracts/extraction';
import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { ranByAnalyst } from './analyst-voice';
import { mergeTags } from './attack-inference';
import { asExecuted } from './command-values';
import { isInvestigationStep } from './investigation-steps';
import { buildRule, citation, type ArticleRef, type RuleDraft } from './rule-draft';
import { meetsSelection, shownAlternatives } from './technique-match';
import { TECHNIQUES, type Technique } from './techniques';
import { abusedCmdlets, cmdletSelection, type CmdletUse } from './script-cmdlets';

/** Whether a technique is PowerShell code, which the script block log records besides (or instead of) the command line. */
export const isScriptTechnique = (technique: Technique): boolean =>
  technique.product !== 'linux' &&
  technique.product !== 'macos' &&
  (technique.scriptBlock === true || technique.programs.includes('powershell'));

/** A CommandLine selection of the table read on the script block's text instead. */
const onScriptText = (selection: SigmaFieldMap): SigmaFieldMap =>
  Object.fromEntries(Object.entries(selection).map(([key, value]) => [key.replace(/^CommandLine(?=\||$)/, 'ScriptBlockText'), value]));

/**
 * A technique's ps_script detection: its selections on ScriptBlockText, all required (no image: the code is the
 * finding), each cut to what the code shows when there is code.
 */
export function scriptBlockDetection(technique: Technique, codes: readonly string[] = []): SigmaDetection {
  const blocks = technique.selections.map((selection) => {
    if (codes.length === 0) return onScriptText(selection);
    const cut = codes.map((code) => shownAlternatives(selection, [code], technique.keep));
    // Several scripts showing the technique: the union of what each showed, each key in the table's order.
    const merged = Object.fromEntries(
      Object.keys(selection).map((key) => {
        const values = [...new Set(cut.flatMap((block) => [block[key]].flat()))];
        return [key, values.length === 1 ? values[0] : values];
      }),
    ) as SigmaFieldMap;
    return onScriptText(merged);
  });
  if (blocks.length === 1) return { selection: blocks[0] as SigmaFieldMap, condition: 'selection' };
  const detection: SigmaDetection = { condition: 'all of selection_*' };
  blocks.forEach((block, index) => (detection[`selection_${index + 1}`] = block));
  return detection;
}

/** The script techniques a piece of PowerShell code shows: its pattern present and every selection met by the code. */
export function scriptTechniquesOf(code: string): Technique[] {
  return TECHNIQUES.filter(
    (technique) =>
      isScriptTechnique(technique) &&
      technique.selections.length > 0 &&
      technique.when.test(code) &&
      technique.selections.every((selection) => meetsSelection(selection, code)),
  );
}

export interface ScriptBlockInput {
  article: ArticleRef;
  platform: string;
  cmdlines?: CmdlineItem[];
  content?: string;
}

/** The PowerShell code of the intruder's command lines (the author's own investigation steps left out). */
function intruderCode(input: ScriptBlockInput): Array<{ commandLine: string; code: string }> {
  if (input.platform === 'linux' || input.platform === 'macos') return [];
  return (input.cmdlines ?? []).flatMap((item) => {
    const stated = hasEventFieldLabel(item.value) ? commandOfEventFields(item.value) : item.value;
    if (stated === null) return [];
    const commandLine = asExecuted(stated);
    if (isInvestigationStep(commandLine, true) || ranByAnalyst(input.content, item.evidence)) return [];
    const code = scriptBlockCode(commandLine);
    return code ? [{ commandLine, code }] : [];
  });
}

/**
 * One ps_script rule per PowerShell technique the article's PowerShell code shows, beside the process_creation
 * rule: an engineer writes both, since the script block log sees the code however it was started (typed, from a
 * script file, -EncodedCommand), where the command line shows it only when passed with -Command.
 */
export function scriptBlockRules(input: ScriptBlockInput): RuleDraft[] {
  const shown = new Map<string, { technique: Technique; commandLines: string[]; codes: string[] }>();
  const untold: Array<{ commandLine: string; code: string }> = [];
  for (const { commandLine, code } of intruderCode(input)) {
    const techniques = scriptTechniquesOf(code);
    if (techniques.length === 0) untold.push({ commandLine, code });
    for (const technique of techniques) {
      const entry = shown.get(technique.id) ?? { technique, commandLines: [], codes: [] };
      entry.commandLines.push(commandLine);
      entry.codes.push(code);
      shown.set(technique.id, entry);
    }
  }
  return [...techniqueScriptRules(input, [...shown.values()]), ...cmdletScriptRules(input, untold)];
}

function techniqueScriptRules(
  input: ScriptBlockInput,
  shown: ReadonlyArray<{ technique: Technique; commandLines: string[]; codes: string[] }>,
): RuleDraft[] {
  return shown.map(({ technique, commandLines, codes }) => {
    const detection = scriptBlockDetection(technique, codes);
    const values = Object.entries(detection)
      .filter(([name]) => name !== 'condition')
      .flatMap(([, block]) =>
        Object.values(block as SigmaFieldMap)
          .flat()
          .map(String),
      );
    const example = commandLines.find((line) => line.length <= 160);
    const quoted = example ? `as ${example}` : 'as the commands';
    const rule = buildRule(
      {
        title: `${technique.title} - ScriptBlock`,
        description: `Detects PowerShell code that ${technique.does}, ${quoted} ${citation(input.article)}. Requires Script Block Logging.`,
        logsource: { product: 'windows', category: 'ps_script' },
        detection,
        tags: mergeTags(technique.tags),
        level: technique.level,
        falsepositives: technique.falsepositives,
      },
      input.article,
      `${input.article.url}|ps_script|${technique.id}`,
    );
    return { telemetryClass: 'ps_script', rule, detectionValues: values };
  });
}

/**
 * One ps_script rule per abused cmdlet of the intruder's code that no technique names (script-cmdlets.ts): the
 * cmdlet and the parameters every call of it gave, so the rule fires on each script the article shows.
 */
function cmdletScriptRules(input: ScriptBlockInput, codes: ReadonlyArray<{ commandLine: string; code: string }>): RuleDraft[] {
  const byCmdlet = new Map<string, { use: CmdletUse; commandLines: string[] }>();
  for (const { commandLine, code } of codes) {
    for (const use of abusedCmdlets(code)) {
      const key = use.cmdlet.toLowerCase();
      const held = byCmdlet.get(key);
      if (!held) {
        byCmdlet.set(key, { use, commandLines: [commandLine] });
        continue;
      }
      const common = held.use.parameters.filter((parameter) =>
        use.parameters.some((other) => other.toLowerCase() === parameter.toLowerCase()),
      );
      held.use = { cmdlet: held.use.cmdlet, parameters: common };
      held.commandLines.push(commandLine);
    }
  }
  return [...byCmdlet.values()].map(({ use, commandLines }) => {
    const selection = cmdletSelection(use);
    const values = [use.cmdlet, ...use.parameters];
    const example = commandLines.find((line) => line.length <= 160);
    const called = use.parameters.length > 0 ? `${use.cmdlet} with ${use.parameters.join(' and ')}` : use.cmdlet;
    const rule = buildRule(
      {
        title: `PowerShell Script Calling ${use.cmdlet}`,
        description: `Detects PowerShell code calling ${called}, as ${example ?? 'the commands'} ${citation(input.article)}. Requires Script Block Logging.`,
        logsource: { product: 'windows', category: 'ps_script' },
        detection: { selection, condition: 'selection' },
        tags: ['attack.execution', 'attack.t1059.001'],
        level: 'medium',
        falsepositives: [`Administrators' scripts calling ${use.cmdlet}`],
      },
      input.article,
      `${input.article.url}|ps_script|cmdlet|${use.cmdlet.toLowerCase()}`,
    );
    return { telemetryClass: 'ps_script' as const, rule, detectionValues: values };
  });
}
