import type { Word } from './lex';
import type { Invocation } from './parse';
import { STOPWORDS } from '../text/english';
import { POWERSHELL_ALIAS_CMDLETS } from './programs';
import type { Building } from './building';

export type ServiceManager = 'sc' | 'powershell' | 'net' | 'systemd' | 'sysv' | 'launchd';

/** What a command does to a service, a systemd unit or a launchd job. */
export interface ServiceOperation {
  readonly manager: ServiceManager;
  /**
   * The action, lower case: sc's verb (`create`, `config`, `start`, `stop`, `delete`, `failure`, `description`,
   * `query`...), the cmdlet's verb (`new` → `create`, `set` → `config`, `start`, `stop`, `restart`, `suspend`,
   * `remove` → `delete`), systemctl's (`enable`, `start`, `stop`, `disable`, `mask`...), launchctl's (`load`,
   * `bootstrap`, `unload`, `bootout`...).
   */
  readonly action: string;
  /** The service's name (a systemd unit as written, `x.service`; a launchd job's plist path or label). */
  readonly name: string;
  readonly nameWord: Word;
  /** The program the service runs (`binPath=`, `-BinaryPathName`). */
  readonly binaryPath?: string;
  readonly displayName?: string;
  /** `auto`, `demand`, `disabled`, `Automatic`, ... as written. */
  readonly startType?: string;
  readonly invocation: Invocation;
}

const SC_VERBS = new Set([
  'create',
  'config',
  'start',
  'stop',
  'delete',
  'pause',
  'continue',
  'failure',
  'description',
  'qc',
  'query',
  'queryex',
  'sdset',
  'sdshow',
  'qdescription',
  'qfailure',
  'triggerinfo',
  'privs',
  'sidtype',
]);
const CMDLET_ACTIONS: Record<string, string> = {
  'new-service': 'create',
  'set-service': 'config',
  'start-service': 'start',
  'stop-service': 'stop',
  'restart-service': 'restart',
  'suspend-service': 'pause',
  'resume-service': 'continue',
  'remove-service': 'delete',
  'get-service': 'query',
};
const SYSTEMCTL_ACTIONS = new Set([
  'enable',
  'disable',
  'start',
  'stop',
  'restart',
  'reload',
  'mask',
  'unmask',
  'kill',
  'status',
  'is-active',
  'is-enabled',
  'reenable',
  'try-restart',
  'link',
  'edit',
  'cat',
  'show',
]);
const LAUNCHCTL_ACTIONS = new Set([
  'load',
  'unload',
  'bootstrap',
  'bootout',
  'enable',
  'disable',
  'kickstart',
  'start',
  'stop',
  'submit',
  'remove',
  'kill',
]);

// A name computed at run time ($name, (Get-…)) is not one the article states.
const COMPUTED = /^[$(@[]/;

/** A word that can be a service's name: not computed, not punctuation, not a word of the sentence around a command. */
function isNameWord(word: Word | undefined): word is Word {
  return !!word && !COMPUTED.test(word.raw) && /[A-Za-z0-9]/.test(word.value) && !STOPWORDS.has(word.value.toLowerCase());
}

/** The service operations of one stage: usually one; `systemctl enable a b` gives two. */
export function serviceOperations(invocation: Invocation): ServiceOperation[] {
  const name = invocation.name;
  if (name === 'sc') return scOperation(invocation);
  if (name === 'net' || name === 'net1') return netOperation(invocation);
  if (name === 'systemctl') return systemctlOperations(invocation);
  if (name === 'service') return sysvOperation(invocation);
  if (name === 'launchctl') return launchctlOperations(invocation);
  const cmdlet = POWERSHELL_ALIAS_CMDLETS[name] ?? name;
  const action = CMDLET_ACTIONS[cmdlet];
  return action ? cmdletOperations(action, invocation) : [];
}

function scOperation(invocation: Invocation): ServiceOperation[] {
  const verb = invocation.subcommands[0]?.value.toLowerCase();
  if (!verb || !SC_VERBS.has(verb)) return [];
  const nameWord = invocation.positionals.find((w) => !/^\\\\/.test(w.raw) && invocation.switches.every((s) => s.value !== w));
  if (!isNameWord(nameWord)) return [];
  const option = (key: string) => invocation.switches.find((s) => s.name === key)?.value?.value;
  const operation: Building<ServiceOperation> = { manager: 'sc', action: verb, name: nameWord.value, nameWord, invocation };
  const binaryPath = option('binpath=');
  const displayName = option('displayname=');
  const startType = option('start=');
  if (binaryPath) operation.binaryPath = binaryPath;
  if (displayName) operation.displayName = displayName;
  if (startType) operation.startType = startType;
  return [operation];
}

function netOperation(invocation: Invocation): ServiceOperation[] {
  const verb = invocation.subcommands[0]?.value.toLowerCase();
  if (verb !== 'start' && verb !== 'stop' && verb !== 'pause' && verb !== 'continue') return [];
  // `net start` alone lists the running services; `net stop "Windows Defender"` may name a display name.
  const words = invocation.positionals;
  const nameWord = words.length > 1 && words.every((w) => w.raw === w.value) ? joinWords(words) : words[0];
  if (!isNameWord(nameWord)) return [];
  return [{ manager: 'net', action: verb, name: nameWord.value, nameWord, invocation }];
}

function systemctlOperations(invocation: Invocation): ServiceOperation[] {
  const verb = invocation.subcommands[0]?.value.toLowerCase();
  if (!verb || !SYSTEMCTL_ACTIONS.has(verb)) return [];
  return invocation.positionals
    .filter((w) => isNameWord(w) && /^[\w@.:-]+$/.test(w.value))
    .map((nameWord) => ({ manager: 'systemd' as const, action: verb, name: nameWord.value, nameWord, invocation }));
}

function sysvOperation(invocation: Invocation): ServiceOperation[] {
  const [nameWord, verbWord] = invocation.positionals;
  const verb = verbWord?.value.toLowerCase();
  if (!isNameWord(nameWord) || !verb || !/^(?:start|stop|restart|reload|status|enable|disable)$/.test(verb)) return [];
  return [{ manager: 'sysv', action: verb, name: nameWord.value, nameWord, invocation }];
}

function launchctlOperations(invocation: Invocation): ServiceOperation[] {
  const verb = invocation.subcommands[0]?.value.toLowerCase();
  if (!verb || !LAUNCHCTL_ACTIONS.has(verb)) return [];
  // bootstrap/bootout name a domain (gui/501) before the plist; submit names its label with -l.
  if (verb === 'submit') {
    const label = invocation.switches.find((s) => s.name === '-l')?.value;
    return label ? [{ manager: 'launchd', action: verb, name: label.value, nameWord: label, invocation }] : [];
  }
  const targets = invocation.positionals.filter((w) => !/^(?:gui|user|system|login|pid)(?:\/\d*)?$/.test(w.value) && isNameWord(w));
  return targets.map((nameWord) => ({ manager: 'launchd' as const, action: verb, name: nameWord.value, nameWord, invocation }));
}

function cmdletOperations(action: string, invocation: Invocation): ServiceOperation[] {
  const named = (...names: string[]) => invocation.switches.find((s) => names.includes(s.name))?.value;
  const nameWord = named('-name', '-servicename') ?? invocation.positionals[0];
  if (!isNameWord(nameWord)) return [];
  const operation: Building<ServiceOperation> = { manager: 'powershell', action, name: nameWord.value, nameWord, invocation };
  const binaryPath =
    named('-binarypathname', '-binarypath') ??
    (action === 'create' && nameWord === invocation.positionals[0] ? invocation.positionals[1] : undefined);
  const displayName = named('-displayname');
  const startType = named('-startuptype', '-starttype');
  if (binaryPath) operation.binaryPath = binaryPath.value;
  if (displayName) operation.displayName = displayName.value;
  if (startType) operation.startType = startType.value;
  // `Stop-Service -Name a,b` acts on each.
  if (/,/.test(nameWord.raw) && nameWord.raw === nameWord.value) {
    let offset = nameWord.start;
    return nameWord.value.split(',').map((part) => {
      const word = { raw: part, value: part.trim(), start: offset, end: offset + part.length };
      offset += part.length + 1;
      return { ...operation, name: word.value, nameWord: word };
    });
  }
  return [operation];
}

function joinWords(words: readonly Word[]): Word {
  const first = words[0] as Word;
  const last = words[words.length - 1] as Word;
  return { raw: words.map((w) => w.raw).join(' '), value: words.map((w) => w.value).join(' '), start: first.start, end: last.end };
}
