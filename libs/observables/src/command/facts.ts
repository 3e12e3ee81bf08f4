import type { Word } from './lex';
import {
  allInvocations,
  forgetParsedLines,
  parseCommandLine,
  parseKey,
  type Invocation,
  type ParsedCommandLine,
  type ParseOptions,
} from './parse';
import { CMD_BUILTIN_NAMES, isCmdletName, POSIX_BUILTIN_NAMES, POWERSHELL_ALIAS_CMDLETS } from './programs';
import { frozen, RecentResults } from './recent-results';
import { registryOperation, type RegistryOperation } from './registry-operations';
import { serviceOperations, type ServiceOperation } from './service-operations';
import { taskOperations, type TaskOperation } from './task-operations';

/** A process the command line starts, as process telemetry would record it. */
export interface ProgramRun {
  /** The program's file name as the process image ends (`curl.exe` on Windows, `wget`); `powershell.exe` for cmdlets. */
  readonly image: string;
  /** The command line that program was started with (the stage's text; for a cmdlet, the cmdlet's stage). */
  readonly commandLine: string;
  /** A PowerShell cmdlet or alias: it runs inside powershell.exe, whose command line carries it. */
  readonly viaPowerShell: boolean;
  readonly invocation: Invocation;
}

export interface CommandFacts {
  readonly parsed: ParsedCommandLine;
  /** Every stage, wrappers' inner commands included, depth first. */
  readonly invocations: readonly Invocation[];
  readonly programs: readonly ProgramRun[];
  // Typed as a mutable array only because libs/sigma's registry-writes.ts (operationsOf) declares that return
  // type; its two readers only filter and map it. Frozen like the rest: a write would throw.
  readonly registry: RegistryOperation[];
  readonly services: readonly ServiceOperation[];
  readonly tasks: readonly TaskOperation[];
  readonly urls: readonly string[];
  /** Hosts the line reaches: URL hosts, UNC servers (`\\host\share`), `user@host` targets, bare IP addresses. */
  readonly hosts: readonly string[];
  /** File-system paths: drive paths, `%VAR%\…`, UNC paths, absolute and home-relative Unix paths. */
  readonly paths: readonly string[];
}

// Wrappers whose own switches are the behaviour (`nsenter -t 1`, `chroot /mnt`, `xargs rm`): the process record
// holds the wrapper as well as the command it runs. The others (`sudo`, `nohup`, `cmd /c`) only hand a command on.
const RECORDED_WRAPPERS: ReadonlySet<string> = new Set(['nsenter', 'chroot', 'unshare', 'xargs', 'runuser', 'proxychains', 'proxychains4']);
const WINDOWS_EXTENSION = /\.(?:exe|com|bat|cmd|scr|ps1|vbs|js|hta|msc|cpl)$/i;
// What is left is code, not a program (`(New-Object Net.WebClient)`, `Out-String)`, `$x`): no process has that image.
const NOT_A_FILE_NAME = /[()[\]{}"'`$<>|;&=^!%*?,:]/;

/**
 * The processes a command line starts, outermost wrappers removed (`cmd /c start /b curl …` starts curl),
 * in order. Shell built-ins start none; a cmdlet or PowerShell-only alias is powershell.exe with its stage
 * as command line, unless it runs inside a powershell invocation already listed.
 */
export function programRuns(line: string | ParsedCommandLine, options: { windows: boolean }): readonly ProgramRun[] {
  // A line's runs are its facts' (the same reading and platform), kept with them.
  if (typeof line === 'string') return commandFacts(line, { platform: options.windows ? 'windows' : 'unix' }).programs;
  const runs: ProgramRun[] = [];
  const visit = (list: readonly Invocation[], insidePowerShell: boolean) => {
    for (const invocation of list) {
      const recorded = !invocation.wraps || RECORDED_WRAPPERS.has(invocation.name);
      const run = recorded ? runOf(invocation, options.windows, insidePowerShell) : null;
      if (run) runs.push(run);
      visit(
        invocation.inner,
        insidePowerShell || run?.image.toLowerCase() === 'powershell.exe' || /^(?:powershell|pwsh)$/.test(invocation.name),
      );
    }
  };
  visit(line.invocations, false);
  return runs;
}

function runOf(invocation: Invocation, windows: boolean, insidePowerShell: boolean): ProgramRun | null {
  const program = invocation.program;
  const name = invocation.name;
  if (!program || !name || name.startsWith('%') || name.startsWith('$')) return null;
  // `$path = "C:\…\x.exe"` assigns a string: only `& $path` would run it.
  if (
    invocation.dialect === 'powershell' &&
    invocation.assignments.length > 0 &&
    (program.raw !== program.value || /^\d/.test(program.raw))
  )
    return null;
  const qualified = /[\\/]/.test(program.value);
  // Any Verb-Noun name on Windows is a cmdlet (`Where-Object`, `ForEach-Object`), approved verb or not.
  const cmdlet =
    isCmdletName(program.value) ||
    ((windows || invocation.dialect === 'powershell') && (name in POWERSHELL_ALIAS_CMDLETS || /^[a-z]+-[a-z]+$/i.test(program.value)));
  if (cmdlet && !qualified && !WINDOWS_EXTENSION.test(program.value)) {
    return insidePowerShell ? null : { image: 'powershell.exe', commandLine: invocation.text, viaPowerShell: true, invocation };
  }
  const builtins = invocation.dialect === 'posix' ? POSIX_BUILTIN_NAMES : CMD_BUILTIN_NAMES;
  if (builtins.has(name) && !qualified) return null;
  const file = program.value.trim().split(/[\\/]/).pop() ?? '';
  if (!file || NOT_A_FILE_NAME.test(file)) return null;
  // Extractors add .exe to names like curl that are programs on every platform; Unix images have none.
  const image = windows ? (/\.[a-z0-9]{2,4}$/i.test(file) ? file : `${file}.exe`) : file.replace(/\.exe$/i, '');
  return { image, commandLine: ownCommandLine(invocation), viaPowerShell: false, invocation };
}

/**
 * The command line the program itself receives: without the reserved words before it (`then`, `do`), the
 * `LANG=C` a POSIX shell sets for it, PowerShell's
 * `$out =` and call operator (`& x.exe`), cmd's `@` (no echo) and the carets that escaped characters.
 */
function ownCommandLine(invocation: Invocation): string {
  const own = [...invocation.keywords, ...invocation.assignments]
    .reduce((text, word) => (text.startsWith(word.raw) ? text.slice(word.raw.length).trimStart() : text), invocation.text)
    .replace(invocation.dialect === 'powershell' ? /^(?:[+-]?=\s*)?(?:[&.]\s+)?/ : /^$/, '');
  return invocation.dialect === 'cmd' ? withoutCarets(own).replace(/^@(?=\S)/, '') : own;
}

/** A cmd.exe line as cmd hands it on: a caret outside double quotes escapes the next character and goes (`^^` is `^`). */
function withoutCarets(line: string): string {
  if (!line.includes('^')) return line;
  let quoted = false;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === '"') quoted = !quoted;
    if (ch === '^' && !quoted) {
      i++;
      out += line[i] ?? '';
      continue;
    }
    out += ch;
  }
  return out;
}

const URL = /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s"'<>`|]+/gi;
const UNC = /^\\\\([\w.-]+(?:@(?:ssl|\d+))*)(?:\\|$)/i;
const USER_AT_HOST = /^[\w.-]+@((?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9-]+\.)+[a-z]{2,})(?::|$)/i;
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?$/;
// A Unix path has two segments at least (`/tmp/x`), so a switch (`/c`) or a lone root word is none.
const PATH = /^(?:[A-Za-z]:\\|%\w+%\\|\\\\[\w.-]+\\|\/[\w.@+-]+\/|~\/|\$HOME\/)[^\s"'<>|]*$/;

function indicatorsOf(words: readonly Word[]): { urls: string[]; hosts: string[]; paths: string[] } {
  const urls: string[] = [];
  const hosts: string[] = [];
  const paths: string[] = [];
  for (const word of words) {
    const value = word.value;
    for (const m of value.matchAll(URL)) {
      const url = m[0].replace(/[),.;]+$/, '');
      urls.push(url);
      const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/@\s]*@)?(\[[0-9a-f:]+\]|[^/:?#\s]+)/i.exec(url)?.[1];
      if (host) hosts.push(host.toLowerCase());
    }
    const unc = UNC.exec(value);
    if (unc) hosts.push((unc[1] as string).replace(/@.*$/, '').toLowerCase());
    const target = USER_AT_HOST.exec(value);
    if (target) hosts.push((target[1] as string).toLowerCase());
    if (IPV4.test(value)) hosts.push(value.replace(/:\d+$/, ''));
    if (PATH.test(value) && !URL.test(value)) paths.push(value);
    URL.lastIndex = 0;
  }
  return { urls, hosts, paths };
}

const unique = (items: string[]) => [...new Set(items)];

// The facts of the lines read lately (see parseCommandLine): the generator, coverage and the self-test ask for
// the same lines' facts again and again.
const recentFacts = new RecentResults<CommandFacts>(512);
const MAX_KEPT_LINE = 2000;

/**
 * Everything a command line states, read by one parser: the programs it starts, the registry values,
 * services and scheduled tasks (cron lines, launchd jobs, systemd units) it creates or changes, and the
 * URLs, hosts and paths it names.
 */
export function commandFacts(line: string, options: ParseOptions = {}): CommandFacts {
  if (line.length > MAX_KEPT_LINE) return frozen(factsOf(line, options));
  const key = parseKey(line, options);
  let facts = recentFacts.get(key);
  if (!facts) recentFacts.set(key, (facts = frozen(factsOf(line, options))));
  return facts;
}

/** Forgets the facts read so far, and the readings under them (specs: to compare kept facts with fresh ones). */
export function forgetCommandFacts(): void {
  recentFacts.clear();
  forgetParsedLines();
}

function factsOf(line: string, options: ParseOptions): CommandFacts {
  const parsed = parseCommandLine(line, options);
  const invocations = allInvocations(parsed);
  // Switches themselves name no indicator; their values and the other arguments may.
  const words = invocations.flatMap((invocation) => [
    ...(invocation.program ? [invocation.program] : []),
    ...invocation.positionals,
    ...invocation.switches.flatMap((s) => (s.value ? [s.value] : [])),
    ...invocation.redirects.flatMap((r) => (r.target ? [r.target] : [])),
  ]);
  const indicators = indicatorsOf(words);
  return {
    parsed,
    invocations,
    programs: programRuns(parsed, { windows: options.platform ? options.platform === 'windows' : parsed.dialect !== 'posix' }),
    registry: invocations.map(registryOperation).filter((op): op is RegistryOperation => op !== null),
    services: invocations.flatMap(serviceOperations),
    tasks: invocations.flatMap(taskOperations),
    urls: unique(indicators.urls),
    hosts: unique(indicators.hosts),
    paths: unique(indicators.paths),
  };
}
