import { commandFacts, commandOfEventFields, hasEventFieldLabel } from '@huntforge/observables';
import { articleSubject } from './article-subject';
import { registryAreaTitle } from './registry-areas';
import { isInvestigationStep } from './investigation-steps';
import { ranByAnalyst } from './analyst-voice';
import type {
  CmdlineItem,
  ExtractionResult,
  NetworkIndicatorItem,
  ProcessPairItem,
  RegistryKeyItem,
  ScheduledTaskItem,
  ServiceItem,
} from '@huntforge/contracts/extraction';
import type { SigmaDetection, SigmaFieldMap, SigmaRule } from '@huntforge/contracts/sigma';
import { mergeTags, tagsForExecutable, tagsForRegistryPath } from './attack-inference';
import { behaviourTags, behaviourTitle, knownBehaviour, programLabel } from './behaviour-titles';
import { isBenignInfrastructure } from './benign-infrastructure';
import { reportedIndicators } from './indicator-context';
import { bareName, isShellBuiltin, programRuns, type ProgramRun } from './command-program';
import { anyProgramTechniques, lineTechniques, shownTechniqueDetection, techniqueFiresOn, techniqueOf } from './technique-match';
import type { Technique } from './techniques';
import { asExecuted, MAX_VALUE_LENGTH, stableParts, withoutShellVariables } from './command-values';
import { cmdletsOf, commandWords, encodedCommand, isDistinctive, namedValues, reportedHosts } from './distinctive-values';
import {
  isBusyKey,
  isWellKnownService,
  isWellKnownServiceKey,
  onlyDeleted,
  statedWrite,
  sysmonDetails,
  writtenData,
} from './registry-writes';
import { buildRule, citation, type ArticleRef, type RuleBody, type RuleDraft, type TemplateClass } from './rule-draft';
import { legitimateRunData } from './legitimate-run-values';
import {
  knownStep,
  leafOf,
  registryFamilies,
  someNames,
  stepOfCommands,
  type RegistryFamily,
  type RegistryStep,
  type RegistryValueWrite,
} from './registry-families';
import { isSuspiciousLineage, lineageName } from './process-lineage';
import { isRunDialogHistory, pastedCommandDetails, pastedLineDetails, pastedLines } from './run-dialog';
import { onlyControlled, serviceControl, taskOnlyOperated } from './service-control';
import { cloudAddressRule, cloudBehaviourRules, sweptLogs } from './cloud-rules';
import { folderWrites, redirectedPaths, redirectTargetsAsWritten, writeKind } from './file-writes';
import {
  attribution,
  corpusBehaviours,
  type CorpusBehaviour,
  type CorpusChecks,
  type CorpusEvidence,
  type UncoveredRun,
} from './corpus-informed';
import { scriptBlockRules } from './script-blocks';
import { relayedChain } from './relaying-shell';
import { droppedFileRules } from './dropped-files';
import { driverLoadRules } from './driver-loads';
import { processConnectionRules } from './process-connections';
import type { ProductLine, SideEffectRule } from './side-effect-rule';
import { behaviourSwitchesOf, behaviourValues, isBareScheme } from './behaviour-values';
import { withProgramSelection } from './program-selection';
import { proseFactRules } from './prose-rules';
import { proseTechniqueDetection, proseTechniqueProduct, proseTechniques } from './prose-techniques';
import { queryRules, type QueryRuleInput } from './query-rules';

export type TemplatePlatform = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

export interface BuiltinSigmaInput {
  article: ArticleRef;
  platform: TemplatePlatform;
  cmdlines?: CmdlineItem[];
  processPairs?: ProcessPairItem[];
  registryKeys?: RegistryKeyItem[];
  services?: ServiceItem[];
  scheduledTasks?: ScheduledTaskItem[];
  network?: NetworkIndicatorItem[];
  /** The article's text, where the extraction's evidence offsets point: it tells prose from quoted code. */
  content?: string;
  /** The reference rules the coverage stage found firing on the observables, with why: behaviours the table does not know. */
  coverage?: CorpusEvidence;
  /** The detection queries the article publishes (EQL, KQL, ES|QL…): translated to Sigma, they are the engineer's first rules. */
  huntQueries?: QueryRuleInput['huntQueries'];
}

/** The agent's input from an aggregated extraction: each extractor's items. */
export function builtinSigmaInput(
  article: ArticleRef,
  platform: TemplatePlatform,
  extraction: Pick<ExtractionResult, 'subresults'>,
  content?: string,
  coverage?: CorpusEvidence | null,
): BuiltinSigmaInput {
  const sub = extraction.subresults;
  return {
    article,
    platform,
    ...(content !== undefined ? { content } : {}),
    ...(coverage ? { coverage } : {}),
    cmdlines: sub.cmdline?.items,
    processPairs: sub.process_lineage?.items,
    registryKeys: sub.registry_keys?.items,
    services: sub.services?.items,
    scheduledTasks: sub.scheduled_tasks?.items,
    network: sub.network_indicators?.items,
    huntQueries: sub.hunt_queries?.items,
  };
}

/** Selections per rule: beyond this a rule is split, so one noisy observable cannot hide the rest. */
const MAX_SELECTIONS = 5;
const MAX_TOKENS = 3;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));

const baseName = (path: string) =>
  path
    .replace(/^["']|["']$/g, '')
    .split(/[\\/]/)
    .pop() ?? path;

function productOf(platform: TemplatePlatform): string {
  return platform === 'linux' ? 'linux' : platform === 'macos' ? 'macos' : 'windows';
}

/**
 * The Image suffix of a program. Articles write Windows programs without their extension (`sc`,
 * `net`), but Sysmon's Image always carries it, so a bare Windows name gets `.exe` or the rule
 * could never fire.
 */
function imageSuffix(platform: TemplatePlatform, fileName: string): string {
  if (productOf(platform) !== 'windows') return `/${fileName}`;
  return /\.[a-z0-9]{2,4}$/i.test(fileName) ? `\\${fileName}` : `\\${fileName}.exe`;
}

/**
 * A command line's words as written (quotes kept, so each is a verbatim substring), program first, read as
 * namedValues reads them (the shared command-line model): a redirection's target (`> /run/x.service`) counts,
 * and a wrapper's quoted command or a command substitution (`$(echo … | base64 -d)`) is read as its words.
 */
const argumentsOf = (commandLine: string): string[] => commandWords(commandLine, { programs: true });

/**
 * The arguments that make a command line specific: long enough, not a bare switch, and carrying a path,
 * a URL, an encoded blob or a file name. Each one is a verbatim substring of the observed command line.
 */
export function distinctiveTokens(commandLine: string, max = MAX_TOKENS, options: { splitLongQuoted?: boolean } = {}): string[] {
  // A quoted command too long to keep whole (`-c "New-Service -Name … -BinaryPathName '…'"`) can be read as its own arguments.
  const args = argumentsOf(commandLine)
    .slice(1)
    .flatMap((arg) =>
      options.splitLongQuoted && /^["'].*\s/.test(arg) && arg.length > MAX_VALUE_LENGTH ? argumentsOf(arg.slice(1, -1)) : [arg],
    );
  // A quoted phrase (`-c "SELECT secret FROM vault"`) is one specific value, however few path characters it has.
  const phrase = (written: string) => (/^["'].*\s.*["']$/s.test(written) ? 1 : 0);
  const scored = args
    .map((written) => ({ written, arg: written.replace(/^\\?["']|\\?["']$/g, '') }))
    .filter(({ arg }) => arg.length >= 4 && commandLine.includes(arg))
    .map(({ written, arg }) => ({
      arg,
      weight: (/[\\/:.]/.test(arg) ? 2 : 0) + (/^[A-Za-z0-9+/=]{24,}$/.test(arg) ? 2 : 0) + phrase(written) + Math.min(arg.length, 40) / 40,
    }));
  const isSwitch = (arg: string) => /^[-/][a-z?]+$/i.test(arg);
  const strong = scored.filter((entry) => entry.weight >= 1 && !isSwitch(entry.arg));
  // Long switches (-EncodedCommand, -fsSL) only when nothing more specific exists.
  const candidates = strong.length > 0 ? strong : scored.filter((entry) => /^-[a-z]{4,}/i.test(entry.arg));
  const chosen: string[] = [];
  for (const { arg } of candidates.sort((a, b) => b.weight - a.weight)) {
    if (!chosen.some((token) => token.includes(arg) || arg.includes(token))) chosen.push(arg);
    if (chosen.length === max) break;
  }
  return chosen;
}

/**
 * A detection value as a matcher sees it: Sigma compares strings case-insensitively, and neither the
 * order of a list nor of a map's keys changes what matches. Two values with the same canonical form
 * select the same events.
 */
export function canonical(value: unknown): string {
  const normal = (node: unknown): unknown => {
    if (typeof node === 'string') return node.toLowerCase();
    if (Array.isArray(node)) return [...new Set(node.map((item) => JSON.stringify(normal(item))))].sort();
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node)
          .map(([key, item]) => [key.toLowerCase(), normal(item)] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return node;
  };
  return JSON.stringify(normal(value));
}

function selections(entries: SigmaFieldMap[]): { detection: SigmaDetection; values: string[] } {
  const detection: SigmaDetection = { condition: entries.length === 1 ? 'selection' : '1 of selection_*' };
  const values: string[] = [];
  entries.forEach((entry, index) => {
    detection[entries.length === 1 ? 'selection' : `selection_${index + 1}`] = entry;
    for (const value of Object.values(entry)) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') values.push(item);
    }
  });
  return { detection, values };
}

function draft(telemetryClass: TemplateClass, body: RuleBody, values: string[], input: BuiltinSigmaInput, part: number): RuleDraft {
  const seed = `${input.article.url}|${telemetryClass}|${part}|${values.join('\u0000')}`;
  return { telemetryClass, rule: buildRule(body, input.article, seed), detectionValues: values };
}

const processLogsource = (platform: TemplatePlatform) => ({ category: 'process_creation', product: productOf(platform) });

interface CommandSelection {
  /** The platform the command ran on: an article about several systems quotes each one's commands. */
  platform: TemplatePlatform;
  image: string;
  viaPowerShell: boolean;
  commandLine: string;
  tokens: string[];
}

// Programs and paths only Unix systems have; and of those, only macOS. (wget is also a PowerShell alias, but one
// written with Unix switches or none, in an article about several systems, ran on Linux: cloud and container
// intrusions fetch their miners so.)
const UNIX_PROGRAMS =
  /^(?:\(?\s*)?(?:sudo\s+)?(?:systemctl|journalctl|crontab|chmod|chown|chattr|launchctl|osascript|xattr|ditto|dscl|defaults|plutil|apt(?:-get)?|yum|dnf|apk|ldd|nohup|xargs|bash|sh|zsh|wget|uname|base64|pkill|killall|socat)\b(?!.*\s-(?:OutFile|Uri|UseBasicParsing)\b)/i;
const UNIX_PATHS =
  /(?:^|[\s"'=@])(?:~\/|\/tmp\/|\/etc\/|\/usr\/|\/var\/|\/dev\/null|\/Library\/|\$HOME\b)|\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/;
const WINDOWS_MARKS = /[a-z]:\\|%\w+%|\bHK(?:LM|CU|CR|U|EY_\w+)\b|\.exe\b|\$env:/i;
const MACOS_MARKS = /\b(?:launchctl|osascript|xattr|ditto|dscl|defaults|plutil)\b|~\/Library\/|(?:^|\s)\/Library\/|\/Applications\//;

// Programs only Windows has, written bare (`net user`, `sc stop`): such a line ran on Windows whatever its neighbours.
const WINDOWS_ONLY_PROGRAMS =
  /^(?:net1?|sc|reg|schtasks|wmic|nltest|vssadmin|bcdedit|wevtutil|netsh|tasklist|taskkill|cmd|powershell|rundll32|regsvr32|mshta|certutil|bitsadmin|msiexec|wscript|cscript|cmstp|ipconfig|systeminfo|quser|qwinsta|klist|icacls|takeown|attrib|cipher|fsutil|mountvol|wbadmin|auditpol|dsquery|adfind|tscon|winrs|cmdkey|vaultcmd)(?:\.exe)?(?=\s|$)/i;

/**
 * The platform a command ran on. An article about several systems (or none named) quotes Windows and
 * Unix commands side by side: `systemctl --user enable …` or `find / -name .npmrc` is a Linux or macOS
 * process whatever the article's platform, and a Windows rule on `systemctl.exe` could never fire.
 */
function commandPlatform(platform: TemplatePlatform, commandLine: string, unmarked: TemplatePlatform = platform): TemplatePlatform {
  if (platform !== 'cross-platform' && platform !== 'unknown') return platform;
  const marked = markedPlatform(commandLine);
  // A Windows line keeps the article's own word for it (its product is Windows either way).
  if (marked === 'windows' || (marked === null && WINDOWS_ONLY_PROGRAMS.test(commandLine.trim()))) return platform;
  return marked ?? unmarked;
}

/** The platform a command line's own programs and paths name, or null when it names none (`tar -zxf miner.tar.gz`). */
function markedPlatform(commandLine: string): TemplatePlatform | null {
  if (WINDOWS_MARKS.test(commandLine)) return 'windows';
  if (!(UNIX_PROGRAMS.test(commandLine.trim()) || UNIX_PATHS.test(commandLine))) return null;
  return MACOS_MARKS.test(commandLine) ? 'macos' : 'linux';
}

/**
 * Where an article names no platform, the platform its marked command lines agree on: the lines of a
 * container intrusion that name nothing (`tar -zxf …`, `./miner -o pool`) ran beside its `wget` and
 * `chmod` ones, not on Windows. Lines that disagree leave the unmarked ones as they were.
 */
function unmarkedPlatform(platform: TemplatePlatform, commandLines: readonly string[]): TemplatePlatform {
  if (platform !== 'cross-platform' && platform !== 'unknown') return platform;
  const marked = commandLines.map(markedPlatform).filter((found): found is TemplatePlatform => found !== null);
  const agreed = new Set(marked);
  // Two marked lines at least: one `| bash` in an article of bare Windows commands says nothing about the rest.
  return agreed.size === 1 && marked.length >= 2 ? (marked[0] ?? platform) : platform;
}

interface ArticleRun {
  platform: TemplatePlatform;
  /** The command line observable it was quoted in (`cmdline: …`), as coverage names it. */
  observable: string;
  run: ProgramRun;
  /** The well-known technique the run shows (certutil -urlcache): its rule keys on the behaviour, instead of the run's own. */
  technique: Technique | null;
  /** Techniques whatever program shows them (Mimikatz modules, a miner's pool): rules besides the run's own. */
  alsoShows: Technique[];
}

interface ArticleLine {
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

const articleLines = memoised(readArticleLines);
const articleRuns = memoised(readArticleRuns);
const techniquesShown = memoised(readTechniquesShown);

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
// hive's control set (CurrentControlSet, ControlSet001) and a class wildcard (`HKCR\*\shellex`) after it.
const HIVE_PREFIX =
  /^(?:HKLM|HKCU|HKCR|HKU|HKCC|HKEY_(?:LOCAL_MACHINE|CURRENT_USER|CLASSES_ROOT|USERS|CURRENT_CONFIG)):?(?:\\SYSTEM\\(?:CurrentControlSet|ControlSet\d{3}))?(?:\\\*)?(?=\\[^\\])/i;

/**
 * A registry key path as a command-line value: from the segment after its hive (and control set) on. The same key
 * is written `HKLM\…`, `HKEY_LOCAL_MACHINE\…`, `HKLM:\…` or under `ControlSet001` by the next intrusion, and a
 * value keyed on one spelling misses the others (`\Services\WinDefend`, `\Software\Policies\Microsoft\Windows Defender`).
 */
export function withoutHive(value: string): string {
  return value.replace(HIVE_PREFIX, '');
}

/** The value names a Windows command line's registry operations name, as written in it (at least three characters). */
function registryValueNames(commandLine: string): string[] {
  return commandFacts(commandLine, { platform: 'windows' }).registry.flatMap((operation) => {
    const name = operation.valueName?.trim();
    return name && name.length >= 3 && commandLine.includes(name) && !/^\(?default\)?$/i.test(name) ? [name] : [];
  });
}

// Unpacking an archive (`tar -xzf x.tar.gz`, `unzip x.zip`, `gunzip`, `7z x`): every install script does it, and keyed on the
// archive's name a rule finds only this download, which its own download rule already keys on.
const UNPACKING =
  /^(?:tar\s+(?:-?[a-z]*x[a-z]*|--extract|--get)(?:\s|$)|(?:unzip|gunzip|bunzip2|unxz|unzstd)\s|(?:gzip|xz|bzip2|zstd)\s+(?:-[a-z]*d|--decompress)\b|7za?\s+[xe]\s)/i;

/** Whether a Windows command line writes the registry (reg add or import, Set-ItemProperty, New-Item on a key). */
function writesRegistry(commandLine: string): boolean {
  return commandFacts(commandLine, { platform: 'windows' }).registry.some((operation) =>
    ['set', 'create-key', 'import'].includes(operation.action),
  );
}

/**
 * True for a housekeeping run (`cat default.toml`, `rm archive.tar.gz`, `mkdir -p out`) that shows no known behaviour
 * (a hidden folder, a shell history removed, a systemd unit folder): keyed on its file name, a rule finds this intrusion's
 * file at best, and an administrator's at worst.
 */
function isHousekeeping(run: ProgramRun): boolean {
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
function commandSelections(input: BuiltinSigmaInput, corpus: readonly CorpusBehaviour[] = []): CommandSelection[] {
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
      return {
        platform,
        image: run.image,
        viaPowerShell: run.viaPowerShell,
        commandLine: run.commandLine,
        tokens: standsAlone ? withDistinctiveValue(tokens, run.commandLine, expanded) : [],
      };
    })
    .filter((selection) => selection.tokens.length > 0 && !repeatsTechnique(selection, shown))
    .map((selection) => ({ ...selection, tokens: withBehaviourValues(selection) }))
    .filter((selection) => !weakerThanCorpus(selection, corpus));
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

const sameRun = (run: UncoveredRun, selection: CommandSelection) =>
  run.commandLine === selection.commandLine && run.image === selection.image && run.viaPowerShell === selection.viaPowerShell;

/** A value as the builtin tokens and the corpus values are compared: lower case, without wildcards and surrounding spaces. */
const comparable = (value: string) => value.replace(/\*/g, '').trim().toLowerCase();

/**
 * Whether a program's distinctive-value selection is weaker than the corpus-informed rule of the same run: it keys on
 * no behaviour (no behaviour switch, none of the values the reference rule matched), only on this intrusion's values.
 * A token that holds a behaviour value inside this intrusion's own (`{REGSVR C:\Users\Public\x.dll}`) keys on the
 * intrusion, not on the behaviour.
 */
function weakerThanCorpus(selection: CommandSelection, corpus: readonly CorpusBehaviour[]): boolean {
  const behaviour = corpus.find(({ run }) => sameRun(run, selection));
  if (!behaviour) return false;
  const values = new Set(behaviour.values.map(comparable));
  // The program's own behaviour switch (`curl -o`, `regsvr32 /s`) is a behaviour as much as the corpus rule's values.
  const switches = new Set(
    behaviourSwitchesOf(selection.viaPowerShell ? 'powershell' : selection.image, selection.commandLine).map(comparable),
  );
  return !selection.tokens.some((token) => isBehaviourSwitch(token) || values.has(comparable(token)) || switches.has(comparable(token)));
}

/** Whether the program's own selection already keys on every value the corpus-informed rule would: that rule adds nothing. */
function alreadyKeyed(behaviour: CorpusBehaviour, own: readonly CommandSelection[]): boolean {
  return own.some((selection) => {
    const tokens = new Set(selection.tokens.map(comparable));
    return sameRun(behaviour.run, selection) && behaviour.values.every((value) => tokens.has(comparable(value)));
  });
}

/**
 * The programs the intruder ran (not the author's investigation steps, not housekeeping) that no technique rule covers:
 * where the technique table knows nothing, the reference corpus may (corpus-informed.ts).
 */
function uncoveredRuns(input: BuiltinSigmaInput): UncoveredRun[] {
  const shown = shownTechniques(input);
  return articleRuns(input)
    .filter(({ technique, run }) => technique === null && !isHousekeeping(run) && !isShellBuiltin(run.image))
    .filter(({ run, platform }) => {
      const image = run.viaPowerShell ? 'powershell.exe' : run.image;
      return !shown.some(
        ({ technique, product }) => product === productOf(platform) && techniqueFiresOn(technique, image, run.commandLine, product),
      );
    })
    .map(({ run, platform, observable }) => ({
      observable,
      product: productOf(platform),
      image: run.image,
      commandLine: run.commandLine,
      viaPowerShell: run.viaPowerShell,
      imageCondition: imageCondition({ platform, image: run.image, viaPowerShell: run.viaPowerShell }),
    }));
}

/**
 * One rule per behaviour of a program the reference corpus knows and the technique table does not: keyed on the atoms
 * of the reference rule that matched the program's command line (corpus-informed.ts), derived from it under DRL 1.1.
 */
function corpusInformedRules(input: BuiltinSigmaInput, behaviours: readonly CorpusBehaviour[]): RuleDraft[] {
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
    const parent = parentCondition(input, { platform, image: first.run.image, viaPowerShell: first.run.viaPowerShell });
    const entries = withoutNarrower(distinctEntries(group.map((behaviour) => ({ ...behaviour.selection, ...parent }))));
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
function shownTechniques(input: BuiltinSigmaInput): Array<{ technique: Technique; product: string }> {
  return [...techniquesShown(input).values()].map(({ technique, platform }) => ({ technique, product: productOf(platform) }));
}

/**
 * One rule per well-known technique the article's commands show, keyed on the behaviour as the table
 * writes it (rundll32 with comsvcs and MiniDump), never on the values only this intrusion had (the
 * dump's file name): the next intrusion names its dump differently and does the same.
 */
function techniqueRules(input: BuiltinSigmaInput): RuleDraft[] {
  const shownByCommands = [...techniquesShown(input).values()];
  return [
    ...shownByCommands.map(({ technique, commandLines, platform }, index) => {
      const shown = withTechniqueParent(
        input,
        technique,
        platform,
        withShownSwitches(technique, commandLines, shownTechniqueDetection(technique, productOf(platform), commandLines)),
      );
      const detection = withProgramSelection(shown, productOf(platform));
      const { values } = selections(
        Object.entries(shown)
          .filter(([name]) => name !== 'condition')
          .map(([, block]) => block as SigmaFieldMap),
      );
      // One short command quoted as the example; a long one would bury the description.
      const example = commandLines.find((line) => line.length <= 160);
      const quoted = example ? `${commandLines.length === 1 ? 'the command' : 'commands such as'} ${example}` : 'the commands';
      return draft(
        'process_creation',
        {
          title: technique.title,
          description: `Detects a process that ${technique.does}, as ${quoted} ${citation(input.article)}.`,
          logsource: processLogsource(platform),
          detection,
          tags: mergeTags(technique.tags),
          level: technique.level,
          falsepositives: technique.falsepositives,
        },
        values,
        input,
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
    const { values } = selections(
      Object.entries(detection)
        .filter(([name]) => name !== 'condition')
        .map(([, block]) => block as SigmaFieldMap),
    );
    return [
      draft(
        'process_creation',
        {
          title: technique.title,
          description: `Detects a process that ${technique.does}, as the intrusion ${citation(input.article)} does.`,
          logsource: processLogsource(product),
          detection,
          tags: mergeTags(technique.tags),
          level: technique.level,
          falsepositives: technique.falsepositives,
        },
        values,
        input,
        offset + index,
      ),
    ];
  });
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

/**
 * A technique's detection with the parent its program was started by, where the article shows the pair
 * (`cmd.exe -> rundll32.exe`): the block that names the program gets the ParentImage too (parentCondition).
 */
function withTechniqueParent(
  input: BuiltinSigmaInput,
  technique: Technique,
  platform: TemplatePlatform,
  detection: SigmaDetection,
): SigmaDetection {
  const parents = technique.programs.map((program) => parentCondition(input, { platform, image: program, viaPowerShell: false }));
  const parent = parents.find((condition) => Object.keys(condition).length > 0);
  if (!parent || parents.filter((condition) => Object.keys(condition).length > 0).length > 1) return detection;
  return Object.fromEntries(
    Object.entries(detection).map(([name, block]) =>
      name !== 'condition' && typeof block === 'object' && !Array.isArray(block) && 'Image|endswith' in block
        ? [name, { ...block, ...parent }]
        : [name, block],
    ),
  ) as SigmaDetection;
}

/**
 * The tokens with at least one value of this intrusion among them. Switches, schemes and common
 * folders (`-nop -ep bypass`, `https://`, `\Downloads\`) are how administrators run programs every day:
 * a selection of them alone fires on ordinary machines. When the stable values chosen are all such, the
 * most specific value the command line has takes the last place: a path or file name further on, the
 * encoded command, the host it reaches, the name it gives (`-Name UpdaterSvc`). None: no selection.
 */
function withDistinctiveValue(tokens: string[], commandLine: string, expanded: (part: string) => string[]): string[] {
  if (tokens.some(isDistinctive)) return tokens;
  const encoded = encodedCommand(commandLine);
  // An encoded command and a host are this intrusion's by nature, however random they look.
  const candidates = [
    ...distinctiveTokens(commandLine, Number.POSITIVE_INFINITY, { splitLongQuoted: true })
      .flatMap(stableParts)
      .flatMap(expanded)
      .filter(isDistinctive),
    ...(encoded ? [encoded] : []),
    ...reportedHosts(commandLine),
    ...namedValues(commandLine).flatMap(stableParts).flatMap(expanded).filter(isDistinctive),
  ];
  const value = candidates.find((candidate) => !SHELL_PLUMBING.test(candidate) && commandLine.includes(candidate));
  if (!value) return [];
  const kept = tokens.filter((token) => !value.includes(token) && !token.includes(value));
  return [...kept.slice(0, MAX_TOKENS - 1), value];
}

function commandLineCondition(tokens: string[]): SigmaFieldMap {
  return tokens.length === 1 ? { 'CommandLine|contains': tokens[0] } : { 'CommandLine|contains|all': tokens };
}

// net.exe hands most of its commands (use, user, localgroup, share) to net1.exe with the same arguments: Sysmon
// records both processes, and the next intruder may call net1.exe directly.
const NET_IMAGES = ['\\net.exe', '\\net1.exe'];

function imageCondition(selection: Pick<CommandSelection, 'platform' | 'image' | 'viaPowerShell'>): SigmaFieldMap {
  if (selection.viaPowerShell) return { 'Image|endswith': ['\\powershell.exe', '\\pwsh.exe'] };
  if (productOf(selection.platform) === 'windows' && /^net1?$/.test(bareName(selection.image))) return { 'Image|endswith': NET_IMAGES };
  return { 'Image|endswith': imageSuffix(selection.platform, selection.image) };
}

/**
 * The parent a program was started by, where the article shows it (a process tree, `winword.exe -> powershell.exe`)
 * and the pair is suspicious in itself (process-lineage.ts): an engineer keys the child's command line together with
 * it. A shell started by itself, or a pair naming a shell builtin, says nothing.
 */
function parentCondition(
  input: BuiltinSigmaInput,
  selection: Pick<CommandSelection, 'platform' | 'image' | 'viaPowerShell'>,
): SigmaFieldMap {
  const windows = productOf(selection.platform) === 'windows';
  const child = lineageName(selection.viaPowerShell ? 'powershell.exe' : selection.image);
  const parents = [
    ...new Set(
      (input.processPairs ?? []).flatMap((pair) => {
        const parent = programRuns(pair.parent, windows)[0]?.image ?? baseName(pair.parent);
        const shown = programRuns(pair.child, windows)[0]?.image ?? baseName(pair.child);
        const same = lineageName(parent) === child;
        // Only a pair that is itself the anomaly (a document host, server or lure starting it): a shell or an
        // agent starting an ordinary program is how this intrusion's operator happened to run it, and keying on
        // it lets the rule miss the same command run any other way.
        const telling = isSuspiciousLineage(parent, shown);
        return lineageName(shown) === child && !same && !isShellBuiltin(parent) && telling ? [imageSuffix(selection.platform, parent)] : [];
      }),
    ),
  ];
  if (parents.length === 0) return {};
  return { 'ParentImage|endswith': parents.length === 1 ? (parents[0] as string) : parents };
}

/** The CommandLine values of a selection, lower case (Sigma compares case-insensitively). */
function commandLineValues(entry: SigmaFieldMap): string[] {
  const value = entry['CommandLine|contains'] ?? entry['CommandLine|contains|all'];
  return (Array.isArray(value) ? value : [value]).map((item) => String(item).toLowerCase());
}

/**
 * Without the selections another one already covers: a selection on the same program that requires
 * every value of a broader one (`/create` + the task name, next to the task name alone) matches only
 * events the broader one matches, and a reviewer reads it as a duplicate.
 */
function withoutNarrower(entries: Array<SigmaFieldMap>): Array<SigmaFieldMap> {
  const program = (entry: SigmaFieldMap) =>
    canonical(Object.fromEntries(Object.entries(entry).filter(([key]) => !key.startsWith('CommandLine'))));
  const covers = (broad: SigmaFieldMap, narrow: SigmaFieldMap) =>
    program(broad) === program(narrow) &&
    commandLineValues(broad).every((value) => commandLineValues(narrow).some((other) => other.includes(value)));
  return entries.filter(
    (entry, index) => !entries.some((other, at) => at !== index && covers(other, entry) && (!covers(entry, other) || at < index)),
  );
}

/** Distinct selections only: the same command quoted twice (in any case, values in any order) is one selection. */
function distinctEntries(entries: Array<SigmaFieldMap>): Array<SigmaFieldMap> {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = canonical(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Switches that are the behaviour itself (certutil -urlcache, regsvr32 /i:, powershell -enc), kept
// even though they are short and look like any other switch.
const BEHAVIOUR_SWITCHES =
  /(?<=\s)(?:-urlcache|[-/]decode(?:hex)?|[-/]encode|\/transfer|-enc(?:odedcommand)?|-ec|-w(?:indowstyle)? hidden|-nop(?:rofile)?|-e(?:xecutionpolicy|p)? bypass|delete shadows|process call create|\/create|-useb)(?=\s|$)/gi;

// Redirections and null devices are how a line is typed, not what it does; an editor's placeholder
// (`[remaining text redacted]`, `<snip>`) is what the article left out, which no process's command line holds.
const SHELL_PLUMBING = /^\d?>|^&\d|\/dev\/null|^nul$|\[[^\]]*\b(?:redacted|snipped|snip|truncated|removed)\b[^\]]*\]|<(?:snip|redacted)>/i;

/**
 * A value that can carry a selection alone: a behaviour switch, a specific path, file or address, or a long
 * quoted phrase of the intrusion's own (the query a database client is given, `-c "SELECT … FROM credentials"`).
 */
function isStrongValue(value: string): boolean {
  return (
    isBehaviourSwitch(value) ||
    (value.length >= 8 && /[\\/.:]/.test(value)) ||
    (/\s/.test(value) && value.length >= 24 && isDistinctive(value))
  );
}

function isBehaviourSwitch(value: string): boolean {
  BEHAVIOUR_SWITCHES.lastIndex = 0;
  return BEHAVIOUR_SWITCHES.test(` ${value}`);
}

function behaviourSwitches(commandLine: string): string[] {
  return [...new Set(commandLine.match(BEHAVIOUR_SWITCHES) ?? [])].slice(0, MAX_TOKENS);
}

/** One rule per program the article shows running: one behaviour, its command lines as selections. */
function cmdlineRules(input: BuiltinSigmaInput, corpus: readonly CorpusBehaviour[] = []): RuleDraft[] {
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
      const entry = { ...imageCondition(selection), ...parentCondition(input, selection), ...commandLineCondition(selection.tokens) };
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

/**
 * One rule per chain a line hands a shell (`cmd /c ping 127.0.0.1 -n 2 > nul && del /F x.exe`, `bash -c 'curl -s … | bash'`):
 * the shell is the process whose CommandLine holds the chain, so the rule is on it with a value of each stage
 * (relaying-shell.ts). Each program the chain starts keeps its own rule; a chain a technique rule on the shell already
 * covers (a `for /f … do call` loop) gets none.
 */
function relayingShellRules(input: BuiltinSigmaInput): RuleDraft[] {
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

const CONTROL_PAST: Record<string, string> = {
  stop: 'Stopped',
  'stop-service': 'Stopped',
  pause: 'Paused',
  'suspend-service': 'Paused',
  config: 'Reconfigured',
  'set-service': 'Reconfigured',
  delete: 'Deleted',
  'remove-service': 'Deleted',
  failure: 'Recovery Actions Changed',
};

/**
 * Commands that all stop, reconfigure or delete services with one verb (`sc delete WinDefend`, `sc delete Sense`,
 * …) are one step, whatever the number of services: one rule on the program and the verb with the services'
 * names, titled for what it does to them.
 */
function serviceControlRule(
  input: BuiltinSigmaInput,
  image: string,
  platform: TemplatePlatform,
  group: CommandSelection[],
): RuleDraft | null {
  if (group.length < 2 || productOf(platform) !== 'windows') return null;
  const controls = group.map((selection) => serviceControl(selection.commandLine));
  const verb = controls[0]?.verb;
  if (!verb || controls.some((control) => control?.verb.toLowerCase() !== verb.toLowerCase())) return null;
  const names = [...new Set(controls.map((control) => control?.name as string))];
  const first = group[0] as CommandSelection;
  const cmdlet = /-/.test(verb);
  const detection: SigmaDetection = {
    selection_verb: { ...imageCondition(first), 'CommandLine|contains': cmdlet ? verb : ` ${verb} ` },
    selection_service: { 'CommandLine|contains': names.length === 1 ? (names[0] as string) : names },
    condition: 'all of selection_*',
  };
  const program = cmdlet ? 'PowerShell' : programLabel(first.image);
  const past = CONTROL_PAST[verb.toLowerCase()] ?? 'Changed';
  return draft(
    'process_creation',
    {
      title: `Services ${past} Via ${program} (${someNames(names)})`,
      description: `Detects ${cmdlet ? verb : `${image} ${verb}`} run on the services ${names.join(', ')} ${citation(input.article)}.`,
      logsource: processLogsource(platform),
      detection: withProgramSelection(detection, productOf(platform)),
      tags: ['attack.impact', 'attack.t1489'],
      level: 'high',
      falsepositives: [`Administrators or installers that ${verb.toLowerCase().replace(/-service$/, '')} these services`],
    },
    [verb, ...names],
    input,
    0,
  );
}

/**
 * Parent→child rules only where the pair itself is the finding (a document or script host starting anything,
 * a server, runtime or browser starting a shell or a downloader: process-lineage.ts). Any other pair is everyday behaviour; what its child was told to do is the child's own
 * command-line rule, so a narrower copy of that rule with the parent added would only duplicate it.
 */
function lineageRules(input: BuiltinSigmaInput): RuleDraft[] {
  const windows = productOf(input.platform) === 'windows';
  const seen = new Set<string>();
  return (input.processPairs ?? []).flatMap((pair, index) => {
    const parent = programRuns(pair.parent, windows)[0]?.image ?? baseName(pair.parent);
    const child = programRuns(pair.child, windows)[0]?.image ?? baseName(pair.child);
    const key = `${parent}>${child}`.toLowerCase();
    if (isShellBuiltin(parent) || isShellBuiltin(child) || seen.has(key)) return [];
    seen.add(key);
    if (!isSuspiciousLineage(parent, child)) return [];
    // A child PowerShell is either edition: what started it decides, not which one the victim had installed.
    const powershell = productOf(input.platform) === 'windows' && /^(?:powershell|pwsh)$/.test(bareName(child));
    const { detection: selected, values } = selections([
      {
        'ParentImage|endswith': imageSuffix(input.platform, parent),
        'Image|endswith': powershell ? ['\\powershell.exe', '\\pwsh.exe'] : imageSuffix(input.platform, child),
      },
    ]);
    return [
      draft(
        'process_creation',
        {
          title: `${programLabel(child)} Started By ${programLabel(parent)}`,
          description: `Detects ${parent} starting ${child} ${citation(input.article)}.`,
          logsource: processLogsource(input.platform),
          detection: withProgramSelection(selected, productOf(input.platform)),
          tags: tagsForExecutable(child),
          level: 'medium',
          falsepositives: [`Add-ins, macros or server applications that legitimately start ${child}`],
        },
        values,
        input,
        index,
      ),
    ];
  });
}

const PATH_PLACEHOLDER = /^(?:<[^<>]+>|\{[A-Za-z_ -]+\}|%[^%]+%)$/;

// The SYSTEM hive's control sets: Sysmon writes the one in use as CurrentControlSet (`HKLM\System\CurrentControlSet\Services\…`)
// whatever number the command named, so a key under `ControlSet001` is matched from the segment after the control set.
const CONTROL_SET = /^(?:(?:HKLM|HKEY_LOCAL_MACHINE)\\)?SYSTEM\\(?:CurrentControlSet|ControlSet\d{3})(?=\\)/i;

/**
 * A key path as the values TargetObject must contain: placeholders (`<SID>`, `{GUID}`, `%USER%`) stand for
 * whatever telemetry holds there, so the path is cut around them ("HKEY_USERS\<SID>\Software\…\Run" is
 * "\Software\…\Run"), never copied into a value that could not match; a control set is cut off (CONTROL_SET).
 */
function registryPathPieces(keyPath: string): string[] {
  const pieces: string[][] = [[]];
  for (const segment of keyPath.replace(/^\\+/, '').replace(CONTROL_SET, '').split('\\').filter(Boolean)) {
    if (PATH_PLACEHOLDER.test(segment)) pieces.push([]);
    else pieces[pieces.length - 1]?.push(segment);
  }
  return pieces.filter((run) => run.length > 0).map((run) => `\\${run.join('\\')}`);
}

/**
 * The Details condition of a registry rule: the data the article's own commands write to the value
 * (`reg add … /d 4` is `DWORD (0x00000004)` in Sysmon), so the rule fires on the attacker's write, not
 * on every write of the value. Empty when no command gives the data.
 */
function detailsCondition(input: BuiltinSigmaInput, commandLines: readonly string[], key: RegistryKeyItem): SigmaFieldMap {
  const written = writtenData(commandLines, key.path, key.value_name) ?? statedWrite(key.value_data, key.value_type);
  const details = written ? sysmonDetails(written) : null;
  if (!details && isRunDialogHistory(key.path)) {
    // The Run dialog's history holds the lure's pasted command: its program and host are the data.
    const pasted = pastedCommandDetails(
      commandLines,
      input.processPairs ?? [],
      (input.registryKeys ?? []).map((item) => item.path),
    );
    return pasted.length === 0 ? {} : pasted.length === 1 ? { 'Details|contains': pasted[0] } : { 'Details|contains|all': pasted };
  }
  if (!details) return {};
  if ('exact' in details) return { Details: details.exact };
  return details.contains.length === 1 ? { 'Details|contains': details.contains[0] } : { 'Details|contains|all': details.contains };
}

/** The TargetObject conditions of a registry item: where its value is, as telemetry writes it. */
function targetCondition(key: RegistryKeyItem): SigmaFieldMap {
  const pieces = registryPathPieces(key.path);
  const path = pieces[pieces.length - 1] ?? '';
  return {
    ...(pieces.length > 1 ? { 'TargetObject|contains|all': pieces } : { 'TargetObject|contains': path }),
    ...(key.value_name && !path.toLowerCase().endsWith(`\\${key.value_name.toLowerCase()}`)
      ? { 'TargetObject|endswith': `\\${key.value_name}` }
      : {}),
  };
}

// Quotes around a name, also escaped for an outer command (`cmd /c "reg add \"HKLM\…\" /v \"C:\x.exe\""`).
const NAME_QUOTES = /^(?:\\?["'])+|(?:\\?["'])+$/g;
// A word of the sentence read as the key's last segment ("…\\CurrentVersion\\Run value").
const PROSE_TAIL = /\s+(?:value|values|key|keys|subkey|entry|entries)$/i;

/** A registry item as the registry holds it: no quotes around its value name or path, no word of the sentence after the path. */
function asWritten(key: RegistryKeyItem): RegistryKeyItem {
  const path = key.path.replace(NAME_QUOTES, '').replace(PROSE_TAIL, '');
  const written: RegistryKeyItem = { ...key, path, value: key.value.replace(NAME_QUOTES, '').replace(PROSE_TAIL, '') };
  const valueName = key.value_name?.replace(NAME_QUOTES, '');
  if (valueName) written.value_name = valueName;
  else delete written.value_name;
  return written;
}

/**
 * One rule per step of registry writes the article shows. The same value is often quoted twice, once
 * as the timeline saw it (`HKEY_USERS\<SID>\Software\…\Run`) and once in the command that wrote it
 * (`reg add HKCU\Software\…\Run`): both are the same TargetObject in telemetry, so they are one write,
 * which requires the data whichever quote shows it. Writes under one key, and keys written alike, are one
 * step (registry-families.ts); Run keys and the Run dialog's history keep a rule per value.
 */
function registryRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => item.value);
  const groups = new Map<string, Array<{ key: RegistryKeyItem; index: number }>>();
  (input.registryKeys ?? []).map(asWritten).forEach((key, index) => {
    const target = canonical(targetCondition(key));
    groups.set(target, [...(groups.get(target) ?? []), { key, index }]);
  });
  const writes: Array<RegistryValueWrite & { quoted: string[]; index: number }> = [];
  const valueRules = [...groups.values()].flatMap((group) => {
    const first = group[0] as { key: RegistryKeyItem; index: number };
    const key = first.key;
    const details =
      group.map((member) => detailsCondition(input, commandLines, member.key)).find((condition) => Object.keys(condition).length > 0) ?? {};
    // Windows, its updates and the product write a well-known service's configuration all day: without
    // the data the attacker wrote (Start = 4), a rule on the value fires on them and tells nothing.
    if (Object.keys(details).length === 0 && group.every((member) => isWellKnownServiceKey(member.key.path))) return [];
    // A key alone (no value name, no data) that every machine writes under all day (TaskCache\Tree,
    // Explorer\RunMRU, Environment) says nothing about this intrusion.
    if (Object.keys(details).length === 0 && !key.value_name && isBusyKey(key.path)) return [];
    // A value the commands only delete (`reg delete …\\Run /v SecurityHealth`) was removed, not set: the reg.exe rule covers it.
    if (Object.keys(details).length === 0 && group.every((member) => onlyDeleted(commandLines, member.key.path, member.key.value_name)))
      return [];
    const quoted = [...new Set(group.map((member) => member.key.value))];
    // A Run dialog entry with the lure's command is the paste-and-run (ClickFix) step: user execution.
    const pastedRun = isRunDialogHistory(key.path) && Object.keys(details).length > 0;
    const runKey = !pastedRun && group.some((member) => tagsForRegistryPath(member.key.path).includes('attack.t1547.001'));
    if (!pastedRun && !runKey) {
      writes.push({
        path: key.path,
        pieces: registryPathPieces(key.path),
        ...(key.value_name ? { valueName: key.value_name } : {}),
        details,
        quoted,
        index: first.index,
      });
      return [];
    }
    const { detection: selected, values } = selections([{ ...targetCondition(key), ...details }]);
    const tags = pastedRun ? ['attack.execution', 'attack.t1204.004'] : ['attack.persistence', 'attack.t1547.001'];
    const leaf = titleName(key.value_name ?? key.path.split('\\').at(-1) ?? key.path);
    // A Run value named like Windows' own (OneDriveSetup) without the intruder's data: leave out the genuine program.
    const genuine = runKey && Object.keys(details).length === 0 ? legitimateRunData(leaf) : null;
    const detection = genuine
      ? { selection: selected['selection'], filter_genuine: { 'Details|contains': genuine }, condition: 'selection and not filter_genuine' }
      : selected;
    return draft(
      'registry_set',
      {
        title: pastedRun
          ? `Run Dialog Entry Running ${programLabel(String(Object.values(details).flat()[0]))} (Paste And Run Lure)`
          : `Run Key Persistence Via Registry Value ${leaf}`,
        description: `Detects writes to the registry key ${quoted[0] ?? key.value}${quoted.length > 1 ? ` (also quoted as ${quoted.slice(1).join(', ')})` : ''} ${citation(input.article)}.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags,
        level: 'high',
        falsepositives: [
          pastedRun
            ? 'An administrator running the same command from the Run dialog'
            : genuine
              ? `The genuine ${leaf} value started through another path than ${genuine.slice(1)}`
              : `Software that registers itself to start at logon under the name ${leaf}`,
        ],
      },
      values,
      input,
      first.index,
    );
  });
  return [...valueRules, ...familyRules(input, writes)];
}

/**
 * The Run dialog's history of a paste-and-run lure the article shows without naming the key: its lines pasted into Win+R
 * (explorer.exe started them, or they carry the fake check's words) are what explorer.exe writes under RunMRU, which
 * is where an engineer catches the lure whatever the payload. Articles that name the key get the rule from it
 * (registryRules).
 */
function runDialogRules(input: BuiltinSigmaInput): RuleDraft[] {
  if ((input.registryKeys ?? []).some((key) => isRunDialogHistory(key.path))) return [];
  const commandLines = (input.cmdlines ?? []).map((item) => item.value);
  const entries = [...pastedLines(commandLines, input.processPairs ?? [], [])]
    .map(pastedLineDetails)
    .filter((details) => details.length > 0);
  if (entries.length === 0) return [];
  const { detection, values } = selections(
    entries.map((details) => ({
      'TargetObject|contains': RUN_DIALOG_KEY,
      ...(details.length === 1 ? { 'Details|contains': details[0] } : { 'Details|contains|all': details }),
    })),
  );
  return [
    draft(
      'registry_set',
      {
        title: `Run Dialog Entry Running ${programLabel(String(entries[0]?.[0]))} (Paste And Run Lure)`,
        description: `Detects the Run dialog's history (RunMRU) keeping a command pasted into Win+R, as the lure ${citation(input.article)} has its victims do.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags: ['attack.execution', 'attack.t1204.004'],
        level: 'high',
        falsepositives: ['An administrator running the same command from the Run dialog'],
      },
      values,
      input,
      0,
    ),
  ];
}

const RUN_DIALOG_KEY = '\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU\\';

/** One rule per family of registry writes: named for the step when the knowledge knows it, else for its values and keys. */
function familyRules(input: BuiltinSigmaInput, writes: Array<RegistryValueWrite & { quoted: string[]; index: number }>): RuleDraft[] {
  // Families one known step covers (Defender policy values under Real-Time Protection, SpyNet, Reporting) are one rule.
  const bySteps = new Map<RegistryStep | RegistryFamily, RegistryFamily>();
  for (const family of registryFamilies(writes)) {
    const step = knownStep(family) ?? family;
    const known = bySteps.get(step);
    bySteps.set(
      step,
      known
        ? {
            paths: [...known.paths, ...family.paths],
            values: [...known.values, ...family.values],
            selections: [...known.selections, ...family.selections],
          }
        : family,
    );
  }
  return [...bySteps.values()].map((family) => {
    const members = writes.filter((write) => family.paths.includes(write.path));
    const quoted = [...new Set(members.flatMap((write) => write.quoted))];
    const { detection, values } = selections(family.selections);
    const step = knownStep(family);
    // A value quoted as the last segment of its key's path (`…\\Terminal Server\\fDenyTSConnections`) is set under the segment before.
    const only = family.values.length === 1 ? family.values[0]?.valueName?.toLowerCase() : undefined;
    const keyPath = (path: string) => (only && leafOf(path).toLowerCase() === only ? path.split('\\').slice(0, -1).join('\\') : path);
    const keys = family.paths.map((path) => titleName(leafOf(keyPath(path))));
    const names = family.values.map((value) => titleName(value.valueName ?? ''));
    const named = family.values.every((value) => value.valueName);
    const parent = family.paths.length === 1 ? (keys[0] as string) : someNames(keys);
    // A key without a value name is named with its parent.
    const title = step
      ? step.title(someNames(keys))
      : (registryAreaTitle(family.paths, someNames(keys)) ?? '') ||
        (!named
          ? `Registry Key ${someNames(keys)} Set Under ${titleName(leafOf(family.paths[0]?.split('\\').slice(0, -1).join('\\') ?? ''))}`
          : `Registry ${names.length > 1 ? 'Values' : 'Value'} ${someNames(names)} Set Under ${parent}`);
    return draft(
      'registry_set',
      {
        title,
        description: `Detects writes to the registry ${quoted.length > 1 ? 'keys' : 'key'} ${quoted.join(', ')}${named ? ` (${[...new Set(names)].join(', ')})` : ''} ${citation(input.article)}.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags: step ? step.tags : mergeTags(...family.paths.map(tagsForRegistryPath)),
        level: step ? step.level : 'medium',
        falsepositives: step ? step.falsepositives : ['Legitimate software writing the same value'],
      },
      values,
      input,
      Math.min(...members.map((write) => write.index)),
    );
  });
}

// A systemd, launchd or cron unit: a Linux or macOS service, never installed through the Service Control Manager.
const UNIX_UNIT = /\.(?:service|timer|socket|target|mount|path|plist)$/i;

function serviceRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  return (input.services ?? []).flatMap((service, index) => {
    const binary = service.binary_path ? asExecuted(service.binary_path) : null;
    // Articles name the services an intruder stops (WinDefend) as often as the ones it installs: without
    // the binary it installed, an installation rule on a service every machine has fires on Windows itself.
    if (UNIX_UNIT.test(service.value.trim()) || (!binary && isWellKnownService(service.value))) return [];
    // A service the commands only stop or disable (a security agent) was not installed: the command's own rule covers it.
    if (!binary && onlyControlled(service.value, commandLines)) return [];
    const { detection, values } = selections([
      {
        Provider_Name: 'Service Control Manager',
        EventID: 7045,
        ...(binary ? { 'ImagePath|contains': binary } : { ServiceName: service.value }),
      },
    ]);
    return draft(
      'service_creation',
      {
        title: `Service Installation Of ${service.value}`,
        description: `Detects installation of the service ${service.value}${binary ? ` running ${binary}` : ''} ${citation(input.article)}.`,
        logsource: { product: 'windows', service: 'system' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1543.003']),
        level: 'high',
        falsepositives: [`A legitimate service installed with the same ${binary ? 'binary path' : 'name'}`],
      },
      values.filter((value) => value !== 'Service Control Manager'),
      input,
      index,
    );
  });
}

function scheduledTaskRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  return (input.scheduledTasks ?? []).flatMap((task, index) => {
    const name = task.value.replace(/^\\+/, '');
    // A task the commands only start (a built-in one abused for elevation) was not created: its command's rule covers it.
    if (taskOnlyOperated(name, commandLines)) return [];
    const { detection, values } = selections([{ EventID: 4698, 'TaskName|endswith': `\\${name}` }]);
    return draft(
      'scheduled_task_creation',
      {
        title: `Scheduled Task Creation Of ${name}`,
        description: `Detects creation of the scheduled task ${name} ${citation(input.article)}. Requires the "Audit Other Object Access Events" policy.`,
        logsource: { product: 'windows', service: 'security' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1053.005']),
        level: 'high',
        falsepositives: [`A legitimate task named ${name}`],
      },
      values,
      input,
      index,
    );
  });
}

/**
 * One rule per Unix platform on the files the article's commands write through a shell redirection: the folder and
 * the names written there, on the file event (the process of the program never shows the path).
 */
function fileWriteRules(input: BuiltinSigmaInput): RuleDraft[] {
  // An article about several systems (or none named) leaves which shell wrote the file to a guess: no rule.
  if (input.platform !== 'linux' && input.platform !== 'macos') return [];
  const byProduct = new Map<string, { platform: TemplatePlatform; lines: string[] }>();
  // One command on one line, as quoted: an excerpt of event fields or a script's lines tells no shell's write for sure.
  const quoted = new Set(
    (input.cmdlines ?? []).map((item) => item.value).filter((value) => !value.includes('\n') && !hasEventFieldLabel(value)),
  );
  for (const { platform, commandLine } of articleLines(input)) {
    if (!quoted.has(commandLine)) continue;
    const product = productOf(platform);
    const entry = byProduct.get(product) ?? { platform, lines: [] };
    // The writes of the programs the line runs (each run's own redirection); a line of shell builtins only, its own.
    // A builtin's write beside a program's (`echo x > /p && chmod +x /p`) is left: the synthetic telemetry the rule
    // is tested on does not show it.
    const runs = programRuns(commandLine, false);
    entry.lines.push(...(runs.length > 0 ? runs.map((run) => run.commandLine) : [commandLine]));
    byProduct.set(product, entry);
  }
  return [...byProduct.values()].flatMap(({ platform, lines }, index) => {
    const writes = folderWrites(lines);
    if (writes.length === 0) return [];
    const { detection, values } = selections(
      writes.map(({ folder, names }) => ({
        'TargetFilename|contains': folder,
        ...(names.length > 0 ? { 'TargetFilename|endswith': names.length === 1 ? (names[0] as string) : names } : {}),
      })),
    );
    const kind = writeKind(writes.map((write) => write.folder));
    const example = lines.find((line) => redirectedPaths(line).length > 0 && line.length <= 160);
    return [
      draft(
        'file_event',
        {
          title: kind.title,
          description: `Detects a shell writing files into ${writes.map((write) => write.folder).join(', ')}, as ${example ? `the command ${example}` : 'the commands'} ${citation(input.article)}.`,
          logsource: { category: 'file_event', product: productOf(platform) },
          detection,
          tags: kind.tags,
          level: 'medium',
          falsepositives: ['Administrators or installers writing the same files from a script'],
        },
        values,
        input,
        index,
      ),
    ];
  });
}

/**
 * Rules on what the article's commands leave besides their own processes: the files their programs download, copy or
 * tee (dropped-files.ts), the kernel drivers they install as services (driver-loads.ts), and the connections of the
 * programs they make reach the network (process-connections.ts). The synthetic telemetry a rule is tested on records
 * the same (evaluate/command-io-effects.ts, command-side-effects.ts).
 */
function sideEffectRules(input: BuiltinSigmaInput): RuleDraft[] {
  const lines: ProductLine[] = articleLines(input).map(({ platform, commandLine }) => ({
    product: productOf(platform) as ProductLine['product'],
    commandLine,
  }));
  const cited = citation(input.article);
  const rules: SideEffectRule[] = [
    ...droppedFileRules(lines, cited),
    ...driverLoadRules(lines, cited),
    ...processConnectionRules(lines, cited),
  ];
  return rules.map(({ telemetryClass, body, values }, index) => draft(telemetryClass, body, values, input, index));
}

/** The host name of a URL, or null when it is not one. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/**
 * A registry name as a title may carry it: quotes and their escapes dropped (`\"C:\Windows\svchost.exe\"` as the
 * article printed a value name), a path reduced to its last part, so no stray quote or path reaches the title.
 */
function titleName(name: string): string {
  const bare = name.replace(/\\?["'“”]/g, '').trim();
  return bare.split('\\').filter(Boolean).at(-1) ?? bare;
}

/** "QakBot-style intrusion", not the whole headline: IOC rule titles say whose indicators they carry, in whole words. */
const shortTitle = (article: ArticleRef): string => articleSubject(article.title);

/**
 * At most one indicator rule per article: its addresses and host names together, what a reviewer deploys
 * as one sweep. Addresses and names are matched on the connection (DestinationIp, DestinationHostname);
 * an article with names only is matched on the DNS lookup, where every name shows. The indicators also
 * leave the system in the STIX export, where they belong.
 */
function networkRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  const items = reportedIndicators(input.network ?? [], { content: input.content, commandLines }).filter(
    (item) => !isBenignInfrastructure(item.kind === 'url' ? (hostOf(item.value) ?? item.value) : item.value),
  );
  const ips = [...new Set(items.filter((item) => item.kind === 'ipv4' || item.kind === 'ipv6').map((item) => item.value))];
  const domains = [
    ...new Set(
      items
        .flatMap((item) => (item.kind === 'domain' ? [item.value] : item.kind === 'url' ? [hostOf(item.value)] : []))
        .filter((host): host is string => host !== null && !/^[\d.]+$/.test(host) && !host.includes(':') && !isBenignInfrastructure(host)),
    ),
  ];
  // An article about cloud or identity activity that quotes no command: its addresses are where the API calls
  // and sign-ins came from, so they are swept in those audit logs, and no endpoint rule carries them.
  const providers = (input.cmdlines ?? []).length === 0 ? sweptLogs(input.content) : [];
  const swept =
    ips.length > 0
      ? providers.map((provider) => cloudAddressRule(input.article, shortTitle(input.article), provider, ips, input.content))
      : [];
  if (swept.length > 0)
    return [
      ...swept,
      ...networkRules({ ...input, network: (input.network ?? []).filter((item) => item.kind !== 'ipv4' && item.kind !== 'ipv6') }),
    ];
  if (ips.length === 0 && domains.length === 0) return [];
  const product = productOf(input.platform);
  if (ips.length === 0) {
    return [
      draft(
        'dns_query',
        {
          title: `DNS Query For Domains Reported In ${shortTitle(input.article)}`,
          description: `Detects DNS lookups of the domains ${citation(input.article)}.`,
          logsource: { category: 'dns_query', product },
          detection: { selection: { QueryName: domains }, condition: 'selection' },
          tags: mergeTags(['attack.command-and-control', 'attack.t1071.004']),
          level: 'high',
          falsepositives: ['Security tools and analysts resolving the domains while investigating them'],
        },
        domains,
        input,
        0,
      ),
    ];
  }
  const detection: SigmaDetection =
    domains.length === 0
      ? { selection: { DestinationIp: ips }, condition: 'selection' }
      : { selection_ip: { DestinationIp: ips }, selection_domain: { DestinationHostname: domains }, condition: '1 of selection_*' };
  return [
    draft(
      'network_connection',
      {
        title: `Network Connection To ${domains.length === 0 ? 'IP Addresses' : 'Infrastructure'} Reported In ${shortTitle(input.article)}`,
        description: `Detects connections to the ${domains.length === 0 ? 'IP addresses' : 'IP addresses and host names'} ${citation(input.article)}.`,
        logsource: { category: 'network_connection', product },
        detection,
        tags: mergeTags(['attack.command-and-control', 'attack.t1071']),
        level: 'medium',
        falsepositives: ['Shared hosting and reassigned addresses: check the address still belongs to the actor before acting'],
      },
      [...ips, ...domains],
      input,
      0,
    ),
  ];
}

/**
 * The builtin SigmaAgent: one template per telemetry class, filled only with values observed in the
 * article, so every detection value traces back to an observable. With the input's coverage and the rule
 * engine's checks (`corpusChecks`, evaluate/corpus-checks.ts), behaviours the reference corpus knows and the
 * technique table does not get their rule too.
 */
export function generateBuiltinRules(input: BuiltinSigmaInput, checks?: CorpusChecks): RuleDraft[] {
  const windows = input.platform === 'windows' || input.platform === 'unknown' || input.platform === 'cross-platform';
  const own = commandSelections(input);
  const corpus = corpusBehaviours(uncoveredRuns(input), input.coverage, checks).filter((behaviour) => !alreadyKeyed(behaviour, own));
  return mergeSameDetections([
    ...techniqueRules(input),
    ...scriptBlockRules(input),
    ...cmdlineRules(input, corpus),
    ...relayingShellRules(input),
    ...corpusInformedRules(input, corpus),
    ...lineageRules(input),
    ...(windows ? registryRules(input) : []),
    ...(windows ? runDialogRules(input) : []),
    ...(windows ? serviceRules(input) : []),
    ...(windows ? scheduledTaskRules(input) : []),
    ...fileWriteRules(input),
    ...sideEffectRules(input),
    ...cloudBehaviourRules(input.article, input.content, input),
    ...proseFactRules(input.article, input.content, input.platform),
    ...networkRules(input),
    ...queryRules(input, checks),
  ]);
}

/**
 * What a rule matches: its logsource and its selections (the builtin conditions are all "any of them",
 * so `selection` and `1 of selection_*` over the same selections match the same events).
 */
export function detectionKey(rule: Pick<SigmaRule, 'logsource' | 'detection'>): string {
  const { condition, ...identifiers } = rule.detection;
  const anyOf = condition === 'selection' || condition === '1 of selection_*';
  const parts = Object.entries(identifiers).map(([name, selection]) => (anyOf ? canonical(selection) : `${name}=${canonical(selection)}`));
  return canonical({ logsource: rule.logsource, selections: parts, condition: anyOf ? 'any' : condition });
}

const LEVELS = ['informational', 'low', 'medium', 'high', 'critical'];

/**
 * One rule per detection: two rules of one article that match the same events (the same command seen
 * by two extractors, the same task or service quoted twice) are one finding in the review queue. The
 * first is kept and takes the other's values, tags, descriptions and false positives.
 */
function mergeSameDetections(drafts: RuleDraft[]): RuleDraft[] {
  const kept = new Map<string, RuleDraft>();
  for (const next of drafts) {
    const key = detectionKey(next.rule);
    const existing = kept.get(key);
    if (!existing) {
      kept.set(key, next);
      continue;
    }
    const rule = existing.rule;
    const other = next.rule;
    const description =
      other.description && rule.description !== other.description && !rule.description?.includes(other.description)
        ? `${rule.description ?? ''} ${other.description}`.trim()
        : rule.description;
    const tags = mergeTags(rule.tags ?? [], other.tags ?? []);
    const level = LEVELS.indexOf(other.level ?? '') > LEVELS.indexOf(rule.level ?? '') ? other.level : rule.level;
    kept.set(key, {
      ...existing,
      rule: {
        ...rule,
        ...(description ? { description } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        falsepositives: [...new Set([...(rule.falsepositives ?? []), ...(other.falsepositives ?? [])])],
        ...(level ? { level } : {}),
      },
      detectionValues: [...new Set([...existing.detectionValues, ...next.detectionValues])],
    });
  }
  return [...kept.values()];
}
