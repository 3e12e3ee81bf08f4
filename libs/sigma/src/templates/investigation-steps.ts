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
// Where evidence lives: system and application logs, event logs, shell histories, audit trails.
const EVIDENCE =
  /^\/var\/log\/|\/var\/log\/|\.log(\.\d+)?(\.gz)?$|\.evtx$|_history$|\/var\/audit\/|\\winevt\\logs\\|^(security|system|application)$/i;

/**
 * True for a command an analyst or defender ran while investigating (`cat /var/log/syslog`, `journalctl -u ssh`,
 * `Get-WinEvent -LogName Security`): a reader looking only at logs or histories. Such a line is how the article's
 * author looked at the intrusion, not what the intruder did: a rule on it fires on every administrator.
 */
export function isInvestigationStep(commandLine: string, windows: boolean): boolean {
  const facts = commandFacts(commandLine, { platform: windows ? 'windows' : 'unix' });
  const programs = facts.invocations.filter((invocation) => !invocation.wraps && invocation.name);
  if (programs.length === 0 || !programs.every((invocation) => READERS.has(invocation.name.toLowerCase()))) return false;
  const looksAt = programs
    .flatMap((invocation) => [...invocation.positionals, ...invocation.switches.flatMap((option) => (option.value ? [option.value] : []))])
    .map((word) => word.value);
  const journal = programs.some((invocation) =>
    /^(journalctl|ausearch|aureport|last|lastlog|lastb|get-winevent|get-eventlog)$/i.test(invocation.name),
  );
  const paths = looksAt.filter((value) => /[\\/]/.test(value) || EVIDENCE.test(value));
  return journal || (paths.length > 0 && paths.every((value) => EVIDENCE.test(value)));
}
