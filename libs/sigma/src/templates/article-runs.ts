// The article's command lines, the programs they run and the techniques they show, read once per input and shared
// by the rule families that key on them.
import { commandOfEventFields, hasEventFieldLabel } from '@huntforge/observables';
import { isInvestigationStep } from './investigation-steps';
import { ranByAnalyst } from './analyst-voice';
import { programRuns, type ProgramRun } from './command-program';
import { anyProgramTechniques, lineTechniques, techniqueOf } from './technique-match';
import type { Technique } from './techniques';
import { asExecuted } from './command-values';
import { productOf } from './builtin-draft';
import { commandPlatform, unmarkedPlatform } from './command-platform';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

export interface ArticleRun {
  platform: TemplatePlatform;
  /** The command line observable it was quoted in (`cmdline: …`), as coverage names it. */
  observable: string;
  run: ProgramRun;
  /** The well-known technique the run shows (certutil -urlcache): its rule keys on the behaviour, instead of the run's own. */
  technique: Technique | null;
  /** Techniques whatever program shows them (Mimikatz modules, a miner's pool): rules besides the run's own. */
  alsoShows: Technique[];
}

export interface ArticleLine {
  platform: TemplatePlatform;
  /** The command line observable it was quoted in (`cmdline: …`), as coverage names it. */
  observable: string;
  /** The line as a shell runs it (prompts and markup gone). */
  commandLine: string;
}

/**
 * One reading of an input per generation: the rule families each ask for the article's lines, runs and
 * techniques, and reading them (parsing every line, matching it against the technique table, looking for the
 * analyst's voice around it) several times over was a large part of generation's CPU. Inputs are never changed
 * once built, and callers only read what these return.
 */
function memoised<T>(read: (input: BuiltinSigmaInput) => T): (input: BuiltinSigmaInput) => T {
  const seen = new WeakMap<BuiltinSigmaInput, T>();
  return (input) => {
    if (!seen.has(input)) seen.set(input, read(input));
    return seen.get(input) as T;
  };
}

export const articleLines = memoised(readArticleLines);
export const articleRuns = memoised(readArticleRuns);
export const techniquesShown = memoised(readTechniquesShown);

/** The article's command lines the intruder ran, each on the platform it ran on; the author's own investigation steps are left out. */
function readArticleLines(input: BuiltinSigmaInput): ArticleLine[] {
  // An event's fields printed on one line with the command they recorded: the rule is on that command,
  // since no process's command line holds the labels; an excerpt naming no command line gives no rule.
  const quoted = (input.cmdlines ?? []).map((item) => ({
    item,
    commandLine: hasEventFieldLabel(item.value) ? commandOfEventFields(item.value) : item.value,
  }));
  const unmarked = unmarkedPlatform(
    input.platform,
    quoted.flatMap(({ commandLine }) => (commandLine === null ? [] : [commandLine])),
  );
  return quoted.flatMap(({ item, commandLine }) => {
    if (commandLine === null) return [];
    const platform = commandPlatform(input.platform, commandLine, unmarked);
    const windows = productOf(platform) === 'windows';
    // The author reading logs, hashing a sample or running a decoder while investigating is not the intrusion: no rule.
    if (isInvestigationStep(asExecuted(commandLine), windows) || ranByAnalyst(input.content, item.evidence)) return [];
    return [{ platform, observable: `cmdline: ${item.value}`, commandLine: asExecuted(commandLine) }];
  });
}

/** Every program the article's command lines run, on the platform it ran on, and the technique it shows if known. */
function readArticleRuns(input: BuiltinSigmaInput): ArticleRun[] {
  return articleLines(input).flatMap(({ platform, observable, commandLine }) => {
    const windows = productOf(platform) === 'windows';
    const product = productOf(platform);
    return programRuns(commandLine, windows).map((run) => ({
      platform,
      observable,
      run,
      technique: techniqueOf(run.image, run.commandLine, product),
      alsoShows: anyProgramTechniques(run.commandLine, product),
    }));
  });
}

/** The well-known techniques the article's commands show, per platform, with the command lines that show each. */
function readTechniquesShown(
  input: BuiltinSigmaInput,
): Map<string, { technique: Technique; commandLines: string[]; platform: TemplatePlatform }> {
  const shown = new Map<string, { technique: Technique; commandLines: string[]; platform: TemplatePlatform }>();
  const add = (found: Technique, commandLine: string, platform: TemplatePlatform) => {
    const key = `${found.id}|${productOf(platform)}`;
    const entry = shown.get(key) ?? { technique: found, commandLines: [], platform };
    entry.commandLines.push(commandLine);
    shown.set(key, entry);
  };
  for (const { technique, alsoShows, run, platform } of articleRuns(input)) {
    for (const found of [...(technique ? [technique] : []), ...alsoShows]) add(found, run.commandLine, platform);
  }
  // A pipeline into a shell or a shell builtin is on no one program's command line: the whole line shows it.
  for (const { commandLine, platform } of articleLines(input)) {
    for (const found of lineTechniques(commandLine, productOf(platform))) add(found, commandLine, platform);
  }
  return shown;
}

/** The techniques that get a rule, with the product of the process telemetry their rule reads. */
export function shownTechniques(input: BuiltinSigmaInput): Array<{ technique: Technique; product: string }> {
  return [...techniquesShown(input).values()].map(({ technique, platform }) => ({ technique, product: productOf(platform) }));
}
