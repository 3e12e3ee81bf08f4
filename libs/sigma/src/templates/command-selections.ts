// The programs the article's commands run, each with the values its command-line rule selects on.
import { parseCommandLine, WINDOWS_COMMANDS } from '@huntforge/observables';
import { knownBehaviour } from './behaviour-titles';
import { bareName, type ProgramRun } from './command-program';
import { techniqueFiresOn } from './technique-match';
import type { Technique } from './techniques';
import { stableParts, withoutShellVariables } from './command-values';
import { cmdletsOf } from './distinctive-values';
import { serviceControl } from './service-control';
import { redirectTargetsAsWritten } from './file-writes';
import type { CorpusBehaviour, UncoveredRun } from './corpus-informed';
import { behaviourSwitchesOf, behaviourValues, isBareScheme } from './behaviour-values';
import { articleRuns, shownTechniques } from './article-runs';
import { MAX_TOKENS, productOf } from './builtin-draft';
import {
  argumentsOf,
  distinctiveTokens,
  withoutHive,
  registryValueNames,
  withDistinctiveValue,
  SHELL_PLUMBING,
  isStrongValue,
  isBehaviourSwitch,
  behaviourSwitches,
} from './command-tokens';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

export interface CommandSelection {
  /** The platform the command ran on: an article about several systems quotes each one's commands. */
  platform: TemplatePlatform;
  image: string;
  viaPowerShell: boolean;
  commandLine: string;
  tokens: string[];
  /** Keyed only on the switches of the intrusion's own binary (isOwnProgram): a reference rule's keys replace them. */
  ownSwitches?: boolean;
}

// Programs that read, list, create or remove a plain file: every administrator and script runs them all day.
const HOUSEKEEPING = new Set([
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'ls',
  'dir',
  'stat',
  'rm',
  'del',
  'erase',
  'mkdir',
  'md',
  'touch',
  'type',
]);

// A key path's hive as a command may spell it (HKLM, HKEY_LOCAL_MACHINE, HKLM: for PowerShell), with the SYSTEM

// Unpacking an archive (`tar -xzf x.tar.gz`, `unzip x.zip`, `gunzip`, `7z x`): every install script does it, and keyed on the
// archive's name a rule finds only this download, which its own download rule already keys on.
const UNPACKING =
  /^(?:tar\s+(?:-?[a-z]*x[a-z]*|--extract|--get)(?:\s|$)|(?:unzip|gunzip|bunzip2|unxz|unzstd)\s|(?:gzip|xz|bzip2|zstd)\s+(?:-[a-z]*d|--decompress)\b|7za?\s+[xe]\s)/i;

/**
 * True for a housekeeping run (`cat default.toml`, `rm archive.tar.gz`, `mkdir -p out`) that shows no known behaviour
 * (a hidden folder, a shell history removed, a systemd unit folder): keyed on its file name, a rule finds this intrusion's
 * file at best, and an administrator's at worst.
 */
export function isHousekeeping(run: ProgramRun): boolean {
  return (
    (HOUSEKEEPING.has(bareName(run.image).toLowerCase()) && knownBehaviour(run.image, run.commandLine) === null) ||
    UNPACKING.test(`${bareName(run.image)} ${run.commandLine.slice(run.commandLine.search(/\s|$/))}`)
  );
}

/**
 * Whether a program's selection only repeats a technique's rule: the rule fires on the program's own command, and
 * the selection keys on nothing the technique does not (`tee -a /etc/ld.so.preload` under the ld.so.preload rule).
 * A selection with a value of this intrusion besides (the host a miner was downloaded from) is a rule of its own.
 */
function repeatsTechnique(selection: CommandSelection, shown: Array<{ technique: Technique; product: string }>): boolean {
  const image = selection.viaPowerShell ? 'powershell.exe' : selection.image;
  return shown.some(({ technique, product }) => {
    if (product !== productOf(selection.platform) || !techniqueFiresOn(technique, image, selection.commandLine, product)) return false;
    const known = technique.selections.flatMap((block) =>
      Object.values(block)
        .flat()
        .map((value) => String(value).toLowerCase()),
    );
    return selection.tokens.every((token) =>
      known.some((value) => value.includes(token.toLowerCase().trim()) || token.toLowerCase().includes(value.trim())),
    );
  });
}

/**
 * The programs the article's command lines run, each with the stable values its rule selects on. Runs of a known
 * technique have their own rule, and so do selections that only repeat one's (repeatsTechnique).
 */
export function commandSelections(input: BuiltinSigmaInput, corpus: readonly CorpusBehaviour[] = []): CommandSelection[] {
  const shown = shownTechniques(input);
  return articleRuns(input)
    .filter(({ technique }) => technique === null)
    .filter(({ run }) => !isHousekeeping(run))
    .map(({ platform, run }) => {
      const windows = productOf(platform) === 'windows';
      // A Unix shell expands `$TOKEN` before the program starts, except inside single quotes: only the text around it reaches telemetry.
      const literal = [...run.commandLine.matchAll(/'[^']*'/g)].map((match) => match[0]);
      const expanded = (part: string) =>
        windows || literal.some((quoted) => quoted.includes(part)) ? [part] : withoutShellVariables(part);
      // A cmdlet's own name (Invoke-WebRequest) says what it does; a bare alias (irm) is too short to keep.
      // powershell.exe told to run one (`-Command "Invoke-WebRequest …"`) shows it as well.
      const cmdlet = run.viaPowerShell
        ? (argumentsOf(run.commandLine)[0] ?? '')
        : /^(?:powershell|pwsh)(?:\.exe)?$/i.test(run.image)
          ? (cmdletsOf(run.commandLine)[0] ?? '')
          : '';
      const named = cmdlet.length >= 6 ? [cmdlet] : cmdlet && run.commandLine.includes(`${cmdlet} `) ? [`${cmdlet} `] : [];
      // Stopping, reconfiguring or deleting a named service (`sc stop SentinelAgent`): the verb and the name are the finding.
      const control = windows ? serviceControl(run.commandLine) : null;
      const controlled = control ? [control.verb, control.name] : [];
      // The value a registry command sets or removes (`reg delete …\\Run /v SecurityHealth`): which entry, not only which key.
      const valueNames = windows ? registryValueNames(run.commandLine) : [];
      const parts = [...controlled, ...named, ...behaviourSwitches(run.commandLine), ...valueNames, ...distinctiveTokens(run.commandLine)]
        .flatMap(stableParts)
        .flatMap(expanded)
        .map((part) => (windows ? withoutHive(part) : part));
      // A redirection's target is opened by the shell: the program's own command line never holds it (file-writes.ts).
      const targets = redirectTargetsAsWritten(run.commandLine, windows);
      const tokens: string[] = [];
      for (const part of parts.filter((value) => !SHELL_PLUMBING.test(value) && !targets.some((target) => target.includes(value)))) {
        if (!tokens.some((token) => token.includes(part) || part.includes(token))) tokens.push(part);
        if (tokens.length === MAX_TOKENS) break;
      }
      const standsAlone = tokens.length >= 2 || tokens.some(isStrongValue);
      const chosen = standsAlone ? withDistinctiveValue(tokens, run.commandLine, expanded) : [];
      const own = chosen.length === 0 && windows && isOwnProgram(run);
      return {
        platform,
        image: run.image,
        viaPowerShell: run.viaPowerShell,
        commandLine: run.commandLine,
        tokens: own ? ownSwitches(run.commandLine) : chosen,
        ...(own ? { ownSwitches: true } : {}),
      };
    })
    .filter((selection) => selection.tokens.length > 0 && !repeatsTechnique(selection, shown))
    .map((selection) => ({ ...selection, tokens: withBehaviourValues(selection) }))
    .filter((selection) => !weakerThanCorpus(selection, corpus));
}

/**
 * Whether a Windows run is of the intrusion's own binary (`e.exe -d="E:\\"`, `C:\ProgramData\locker.exe -path …`): an
 * executable that is neither a Windows program nor a tool intruders commonly bring. Its image is this intrusion's, and
 * the switches it was written to take are what the next copy of it, renamed or not, is run with.
 */
function isOwnProgram(run: ProgramRun): boolean {
  return !run.viaPowerShell && /\.exe$/i.test(run.image) && !WINDOWS_COMMANDS.has(bareName(run.image).toLowerCase());
}

/** The switches of a run as written, with the `=` or `:` that joins an inline value (`-d=`, `-path`): at most MAX_TOKENS. */
function ownSwitches(commandLine: string): string[] {
  const invocation = parseCommandLine(commandLine, { platform: 'windows' }).invocations[0];
  const written = (invocation?.switches ?? []).flatMap((option) => {
    const head = /^(?:--?|\/)[A-Za-z][\w-]*[=:]?/.exec(option.word.raw)?.[0];
    return head && head.replace(/^[-/]+|[=:]$/g, '').length >= 1 && commandLine.includes(head) ? [head] : [];
  });
  return [...new Set(written)].slice(0, MAX_TOKENS);
}

/** Values per selection once the behaviour values complete the specific ones (behaviour-values.ts). */
const MAX_SELECTION_VALUES = 5;

/**
 * A selection's values as an engineer writes them: its specific values, a bare scheme (`https://`) as `http`, and the
 * behaviour values of its program's command line (the switch, the staging folder, the payload's type) besides, so
 * the rule keys on what the next intrusion repeats and not only on what this one named.
 */
function withBehaviourValues(selection: CommandSelection): string[] {
  const specific = selection.tokens.filter((token) => !isBareScheme(token));
  // A value one of the specific values already holds (the folder of the path it names) adds nothing to what it matches.
  const added = behaviourValues(selection.image, selection.commandLine, selection.viaPowerShell).filter(
    (value) => !specific.some((token) => token.toLowerCase().includes(value.trim().toLowerCase())),
  );
  return [...specific, ...added].slice(0, Math.max(MAX_SELECTION_VALUES, specific.length));
}

export const sameRun = (run: UncoveredRun, selection: CommandSelection) =>
  run.commandLine === selection.commandLine && run.image === selection.image && run.viaPowerShell === selection.viaPowerShell;

/** A value as the builtin tokens and the corpus values are compared: lower case, without wildcards and surrounding spaces. */
export const comparable = (value: string) => value.replace(/\*/g, '').trim().toLowerCase();

/**
 * Whether a program's distinctive-value selection is weaker than the corpus-informed rule of the same run: it keys on
 * no behaviour (no behaviour switch, none of the values the reference rule matched), only on this intrusion's values.
 * A token that holds a behaviour value inside this intrusion's own (`{REGSVR C:\Users\Public\x.dll}`) keys on the
 * intrusion, not on the behaviour.
 */
function weakerThanCorpus(selection: CommandSelection, corpus: readonly CorpusBehaviour[]): boolean {
  const behaviour = corpus.find(({ run }) => sameRun(run, selection));
  if (!behaviour) return false;
  if (selection.ownSwitches) return true;
  const values = new Set(behaviour.values.map(comparable));
  // The program's own behaviour switch (`curl -o`, `regsvr32 /s`) is a behaviour as much as the corpus rule's values.
  const switches = new Set(
    behaviourSwitchesOf(selection.viaPowerShell ? 'powershell' : selection.image, selection.commandLine).map(comparable),
  );
  return !selection.tokens.some((token) => isBehaviourSwitch(token) || values.has(comparable(token)) || switches.has(comparable(token)));
}
