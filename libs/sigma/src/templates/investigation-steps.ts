import { commandFacts } from '@huntforge/observables';

// Programs that only read or list: what an analyst runs to look at evidence.
const READERS = new Set([
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'grep',
  'egrep',
  'zgrep',
  'zcat',
  'awk',
  'ls',
  'stat',
  'file',
  'journalctl',
  'ausearch',
  'aureport',
  'last',
  'lastlog',
  'lastb',
  'type',
  'get-content',
  'gc',
  'get-winevent',
  'get-eventlog',
  'select-string',
]);
// Programs that only describe a file (its strings, type, hash, signature, sections): a sample on an analyst's
// bench. An intruder has no use for them, and a rule on them fires on every malware analyst and build server.
const ANALYSIS_TOOLS = new Set([
  'strings',
  'file',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'shasum',
  'b2sum',
  'ssdeep',
  'exiftool',
  'yara',
  'floss',
  'capa',
  'objdump',
  'readelf',
  'otool',
  'binwalk',
  'hexdump',
  'sigcheck',
  'sigcheck64',
  'get-filehash',
  'get-authenticodesignature',
]);
// The readers and tools above that Windows has under the same name (Sysinternals' strings and sigcheck, more, type).
const WINDOWS_NAMED = new Set(['more', 'type', 'strings', 'sigcheck', 'sigcheck64', 'exiftool', 'yara', 'floss', 'capa']);
// Where evidence lives: system and application logs, event logs, shell histories, audit trails.
const EVIDENCE =
  /^\/var\/log\/|\/var\/log\/|\.log(\.\d+)?(\.gz)?$|\.evtx$|_history$|\/var\/audit\/|\\winevt\\logs\\|^(security|system|application)$/i;

/**
 * True for a command an analyst or defender ran while investigating (`cat /var/log/syslog`, `journalctl -u ssh`,
 * `Get-WinEvent -LogName Security`, `sha256sum sample.bin`): a reader looking only at logs or histories, or a tool
 * that only describes a file. Such a line is how the article's author looked at the intrusion, not what the
 * intruder did: a rule on it fires on every administrator.
 */
export function isInvestigationStep(commandLine: string, windows: boolean): boolean {
  const facts = commandFacts(commandLine, { platform: windows ? 'windows' : 'unix' });
  const programs = facts.invocations.filter((invocation) => !invocation.wraps && invocation.name);
  // On Windows a Unix reader's name written as a file (`C:\Temp\file.exe -n=15`) is a program of that name, not the reader.
  if (
    windows &&
    programs.some(
      (invocation) => /[\\/]|\.exe$/i.test(invocation.program?.value ?? '') && !WINDOWS_NAMED.has(invocation.name.toLowerCase()),
    )
  )
    return false;
  const names = programs.map((invocation) => invocation.name.toLowerCase());
  if (names.length === 0 || !names.every((name) => READERS.has(name) || ANALYSIS_TOOLS.has(name))) return false;
  if (names.some((name) => ANALYSIS_TOOLS.has(name))) return true;
  const looksAt = programs
    .flatMap((invocation) => [...invocation.positionals, ...invocation.switches.flatMap((option) => (option.value ? [option.value] : []))])
    .map((word) => word.value);
  const journal = programs.some((invocation) =>
    /^(journalctl|ausearch|aureport|last|lastlog|lastb|get-winevent|get-eventlog)$/i.test(invocation.name),
  );
  const paths = looksAt.filter((value) => /[\\/]/.test(value) || EVIDENCE.test(value));
  return journal || (paths.length > 0 && paths.every((value) => EVIDENCE.test(value)));
}
