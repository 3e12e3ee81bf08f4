import { allInvocations, isCmdletName, parseCommandLine, type Word } from '@huntforge/observables';
import { isBenignInfrastructure } from './benign-infrastructure';
import { isRandomName } from './command-values';

/**
 * Whether a command-line value says something about this intrusion, or only about how programs are
 * usually run. Administrators' scripts use `-NoProfile -ExecutionPolicy Bypass`, download with
 * `curl -o …\Downloads\ https://…` and create tasks with `/create` every day: a selection made of
 * such values alone fires on them. It needs a value the article shows that ordinary machines do not
 * write: a file or folder name, a service or task name, an address, an encoded command.
 */

// Behaviours that are the finding themselves, whatever they are run on (SigmaHQ keys rules on them alone).
const SELF_SUFFICIENT =
  /(?:^|\s)(?:-urlcache|[-/]decode(?:hex)?|[-/]encode|\/transfer|delete\s+shadows|process\s+call\s+create|\/domain_trusts|\/all_trusts|\/trusted_domains)(?=\s|$)/i;

// Switches and their usual values: how a program is told to run, not what it works on.
const SWITCH_WITH_VALUE =
  /(?:^|\s)-(?:w(?:indowstyle)?\s+(?:hidden|minimized|maximized|normal|\d)|e(?:xecutionpolicy|p)?\s+(?:bypass|unrestricted|remotesigned|allsigned))(?=\s|$)/gi;
const SWITCH = /(?:^|[\s"'(])(?:--?|\/)[A-Za-z?][\w?-]*(?:[:=,](?=\s|$|[a-z]+:\/\/))?(?=[\s"',)]|$|[:=][a-z]+:\/\/)/gi;
const SCHEME = /\b[a-z][a-z0-9+.-]{1,9}:\/\//gi;
const VARIABLE = /\$[\w:]+|%\w+%|\$\{[^}]*\}/g;

// Folders every machine has: a path made only of these says where, not what.
const COMMON_FOLDERS = new Set([
  'windows',
  'system32',
  'syswow64',
  'sysnative',
  'program',
  'files',
  'x86',
  'programdata',
  'users',
  'public',
  'appdata',
  'local',
  'roaming',
  'locallow',
  'temp',
  'tmp',
  'downloads',
  'desktop',
  'documents',
  'music',
  'pictures',
  'videos',
  'favorites',
  'home',
  'root',
  'usr',
  'bin',
  'sbin',
  'lib',
  'lib64',
  'var',
  'etc',
  'opt',
  'dev',
  'null',
  'shm',
  'proc',
]);
// Shells and PowerShell's download-and-run aliases: which program runs a payload, never the payload.
const COMMON_PROGRAMS = new Set([
  'cmd',
  'cmd.exe',
  'powershell',
  'powershell.exe',
  'pwsh',
  'pwsh.exe',
  'bash',
  'sh',
  'zsh',
  'iex',
  'iwr',
  'irm',
  'icm',
  'curl',
  'wget',
]);
// Accounts and settings any script passes (-User SYSTEM, -RunLevel Highest, start= auto).
const COMMON_VALUES = new Set([
  'system',
  'localsystem',
  'localservice',
  'networkservice',
  'nt',
  'authority',
  'administrator',
  'administrators',
  'everyone',
  'highest',
  'limited',
  'automatic',
  'auto',
  'manual',
  'demand',
  'disabled',
  'true',
  'false',
  'force',
  'hidden',
  'bypass',
  'running',
  'stopped',
]);
// File names every project or tool has: `rm config.json` is run on countless machines for reasons of their own.
const COMMON_FILES = new Set([
  'config.json',
  'settings.json',
  'package.json',
  'package-lock.json',
  'index.js',
  'index.html',
  'main.py',
  'setup.py',
  'requirements.txt',
  'readme.md',
  'readme.txt',
  'data.json',
  'config.yaml',
  'config.yml',
  'config.ini',
  'config.xml',
  'settings.ini',
  'log.txt',
  'output.txt',
  'test.txt',
  'install.sh',
  'setup.sh',
  'run.sh',
  'start.sh',
  'update.sh',
  'setup.exe',
  'install.exe',
  'update.exe',
]);
// Windows' own DLL entry points that run every day (the WebDAV client opening any share, Control Panel items):
// the share or item they are given is the intrusion's, not the DLL.
const WINDOWS_PLUMBING = new Set(['davclnt.dll', 'davsetcookie', 'shell32.dll', 'control_rundll']);
// A cmdlet name (Start-Service, Invoke-WebRequest) names the action; the article's value is its argument.
const CMDLET = /^[A-Z][a-z]+-[A-Z][A-Za-z]+$/;

function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  return (
    COMMON_FOLDERS.has(lower) ||
    COMMON_PROGRAMS.has(lower) ||
    COMMON_VALUES.has(lower) ||
    COMMON_FILES.has(lower) ||
    WINDOWS_PLUMBING.has(lower) ||
    CMDLET.test(word) ||
    /^\d+$/.test(word) ||
    isRandomName(word)
  );
}

/** A behaviour switch that is the finding on its own (`certutil -urlcache`, `vssadmin delete shadows`). */
export function isSelfSufficientBehaviour(value: string): boolean {
  return SELF_SUFFICIENT.test(value);
}

/**
 * True when a selection value carries something of this intrusion: a self-sufficient behaviour, or,
 * once switches, schemes, variables, common folders, shells and cmdlet names are taken out, a word of
 * at least three characters (a file, folder, service, task or host name) that is not a made-up file name.
 */
export function isDistinctive(value: string): boolean {
  if (isSelfSufficientBehaviour(value)) return true;
  const rest = ` ${value} `.replace(SWITCH_WITH_VALUE, ' ').replace(SWITCH, ' ').replace(SCHEME, ' ').replace(VARIABLE, ' ');
  return rest
    .split(/[\\/\s|&;:,=@"'`()[\]{}<>*?^~!]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .some((word) => word.replace(/[^A-Za-z0-9]/g, '').length >= 3 && !isCommonWord(word));
}

const URL_HOST_PORT = /\b[a-z][a-z0-9+.-]{1,9}:\/\/(?:[^\s/@"']+@)?([^\s/:"'?#]+)(?::(\d{1,5}))?/gi;

/**
 * The hosts a command line reaches (with the port when it names one), resolvers, CDNs and code hosts
 * left out: each is a verbatim substring of the command line, for a selection that has nothing else.
 */
export function reportedHosts(commandLine: string): string[] {
  const hosts: string[] = [];
  for (const match of commandLine.matchAll(URL_HOST_PORT)) {
    const host = match[1] as string;
    if (!/[a-z0-9-]\.[a-z0-9-]/i.test(host) || isBenignInfrastructure(host)) continue;
    const value = match[2] ? `${host}:${match[2]}` : host;
    if (commandLine.includes(value) && !hosts.includes(value)) hosts.push(value);
  }
  return hosts;
}

const ENCODED = /(?:^|\s)-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedcommand)\s+["']?([A-Za-z0-9+/]{16,}={0,2})/i;
/** How much of an encoded command a rule keeps: its start says what the payload is. */
const ENCODED_PREFIX = 64;

/** The start of the command PowerShell is given encoded (`-enc SQBFAFgA…`), or null. */
export function encodedCommand(commandLine: string): string | null {
  const blob = ENCODED.exec(commandLine)?.[1];
  return blob ? blob.slice(0, ENCODED_PREFIX) : null;
}

/**
 * The values a command names its objects by (`-Name UpdaterSvc`, `-TaskName "Updater Task"`,
 * `/tn Updater`): an argument that is not a switch, a variable or a plain word, in the order written.
 */
export function namedValues(commandLine: string): string[] {
  return commandWords(commandLine)
    .filter((arg) => {
      const quoted = /^["']/.test(arg);
      const bare = arg.replace(/^\\?["']|\\?["']$/g, '');
      if (bare.length < 4 || /^[-/$%]/.test(bare) || !/[a-z]/i.test(bare)) return false;
      // A plain word (Highest, Automatic, SYSTEM) is a setting; a name has inner capitals, digits or separators.
      return quoted ? bare.length >= 6 : /[a-z][A-Z]|[A-Za-z]\d|[._-]\w/.test(bare);
    })
    .map((arg) => arg.replace(/^\\?["']|\\?["']$/g, ''));
}

/**
 * The words of every command a line runs, as written (quotes kept), read by the shared command-line model: a
 * wrapper's quoted command (`powershell -Command "Stop-Service -Name \\"WinDefend\\""`, `$(curl …)`) gives the
 * words of the command it runs, not one word; a redirect's target is a word of its own (a heredoc's body, a
 * script, is not). With `programs`, each command's program word comes first among its words (the generator's
 * reading of a run: its first word is the program or cmdlet); without, only the arguments.
 */
export function commandWords(commandLine: string, options: { programs?: boolean } = {}): string[] {
  return allInvocations(parseCommandLine(commandLine)).flatMap((invocation) => {
    // Words a wrapper hands on (`sudo ./svc start x`, `sh -c '…'`, `$(…)`) are read as the inner command's.
    const handedOn = (word: Word) => invocation.inner.some((inner) => inner.start < word.end && word.start < inner.end);
    const targets = invocation.redirects.flatMap((redirect) =>
      redirect.target && !redirect.operator.startsWith('<<') ? [redirect.target] : [],
    );
    const program = options.programs && invocation.program ? [invocation.program] : [];
    return [...program, ...invocation.args.filter((word) => !handedOn(word)), ...targets]
      .sort((a, b) => a.start - b.start)
      .map((word) => word.raw);
  });
}

/** The cmdlets a line runs as written (`Invoke-WebRequest`), a wrapper's command included (`powershell -Command "Invoke-WebRequest …"`). */
export function cmdletsOf(commandLine: string): string[] {
  return allInvocations(parseCommandLine(commandLine, { platform: 'windows' })).flatMap((invocation) =>
    invocation.program && isCmdletName(invocation.program.value) ? [invocation.program.raw] : [],
  );
}
