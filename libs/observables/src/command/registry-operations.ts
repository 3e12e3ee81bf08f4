import type { Word } from './lex';
import type { Invocation } from './parse';
import { POWERSHELL_ALIAS_CMDLETS } from './programs';
import type { Building } from './building';

/** What a command does to the registry. */
export type RegistryAction = 'set' | 'create-key' | 'delete' | 'query' | 'import' | 'export' | 'other';

export interface RegistryOperation {
  readonly tool: 'reg' | 'powershell';
  readonly action: RegistryAction;
  /** The key as written, unquoted (`HKLM\Software\X`, `HKLM:\Software\X`, `Registry::HKEY_…`). */
  readonly key: string;
  readonly keyWord: Word;
  /** The value name (`/v`, `-Name`); '' for the key's default value (`/ve`); absent when none is named. */
  readonly valueName?: string;
  readonly valueWord?: Word;
  /** The data written (`/d`, `-Value`), unquoted; absent when the command writes none or computes it (`$x`, `(Get-…)`). */
  readonly data?: string;
  readonly dataWord?: Word;
  /** The type the command states, as REG_*; absent when it states none. */
  readonly statedType?: string;
  /**
   * The type the value gets: the stated one, else what the tool writes by default (reg add and
   * New-ItemProperty write REG_SZ); absent for Set-ItemProperty, which keeps the value's existing type.
   */
  readonly type?: string;
  readonly invocation: Invocation;
}

const REG_TYPES = new Set([
  'REG_SZ',
  'REG_EXPAND_SZ',
  'REG_MULTI_SZ',
  'REG_DWORD',
  'REG_DWORD_LITTLE_ENDIAN',
  'REG_DWORD_BIG_ENDIAN',
  'REG_QWORD',
  'REG_QWORD_LITTLE_ENDIAN',
  'REG_BINARY',
  'REG_NONE',
]);
const POWERSHELL_TYPES: Record<string, string> = {
  string: 'REG_SZ',
  expandstring: 'REG_EXPAND_SZ',
  multistring: 'REG_MULTI_SZ',
  dword: 'REG_DWORD',
  qword: 'REG_QWORD',
  binary: 'REG_BINARY',
  none: 'REG_NONE',
};

/** A type as reg.exe, PowerShell or prose names it, as `REG_*`; undefined when it is none. */
export function normaliseRegistryType(type: string | undefined): string | undefined {
  if (!type) return undefined;
  const upper = type.trim().toUpperCase();
  if (REG_TYPES.has(upper)) return upper;
  return POWERSHELL_TYPES[type.trim().toLowerCase()];
}

const REG_ACTIONS: Record<string, RegistryAction> = {
  add: 'set',
  delete: 'delete',
  query: 'query',
  import: 'import',
  export: 'export',
  save: 'export',
  load: 'other',
  unload: 'other',
  copy: 'other',
  restore: 'other',
  compare: 'query',
};

const TWO_OPERANDS = new Set(['save', 'export', 'copy', 'compare', 'load', 'restore']);

/** A PowerShell provider path into the registry: `HKLM:\…`, `Registry::HKEY_…`, `Microsoft.PowerShell.Core\Registry::…`. */
export function isRegistryProviderPath(path: string): boolean {
  return /^(?:Microsoft\.PowerShell\.Core\\)?Registry::|^HK(?:LM|CU|CR|U|CC):|^HKEY_[A-Z_]+(?:\\|$)/i.test(path.trim());
}

// Data PowerShell computes at run time ($var, (Get-…), @(…), [byte[]]…) is not data the command states.
const COMPUTED = /^[$(@[]/;

/** The registry operation of one stage (`reg add|delete|query …`, `Set-ItemProperty`, `New-Item HKLM:\…`, …), or null. */
export function registryOperation(invocation: Invocation): RegistryOperation | null {
  if (invocation.name === 'reg') return regOperation(invocation);
  const cmdlet = POWERSHELL_ALIAS_CMDLETS[invocation.name] ?? invocation.name;
  return cmdletOperation(cmdlet, invocation);
}

function regOperation(invocation: Invocation): RegistryOperation | null {
  const verb = invocation.subcommands[0]?.value.toLowerCase();
  const action = verb ? REG_ACTIONS[verb] : undefined;
  if (!action) return null;
  // A key written with a space and no quotes ("…\Terminal Server /v …") is one key: its words run to the first switch.
  // `reg save|export|copy|compare|load|restore` name a second operand (a file or key) after the key: only the first is the key.
  const leading = leadingPositionals(invocation);
  const keyWords = TWO_OPERANDS.has(verb as string) ? leading.slice(0, 1) : leading;
  if (keyWords.length === 0) return null;
  const keyWord = joined(keyWords);
  const option = (name: string) => invocation.switches.find((s) => s.name === name);
  const operation: Building<RegistryOperation> = { tool: 'reg', action, key: keyWord.value, keyWord, invocation };
  const name = option('/v');
  if (option('/ve')) operation.valueName = '';
  else if (name?.value) {
    operation.valueName = name.value.value;
    operation.valueWord = name.value;
  }
  if (action === 'set') {
    const data = option('/d')?.value;
    if (data && data.value !== '') {
      operation.data = data.value;
      operation.dataWord = data;
    }
    const stated = normaliseRegistryType(option('/t')?.value?.value);
    if (stated) operation.statedType = stated;
    operation.type = stated ?? 'REG_SZ';
  }
  return operation;
}

function leadingPositionals(invocation: Invocation): Word[] {
  const switchWords = new Set(invocation.switches.map((s) => s.word));
  const firstSwitch = invocation.args.findIndex((word) => switchWords.has(word));
  const before = new Set(firstSwitch < 0 ? invocation.args : invocation.args.slice(0, firstSwitch));
  return invocation.positionals.filter((word) => before.has(word));
}

/** Words written one after another with single spaces, read as one (`Terminal` `Server`). */
function joined(words: Word[]): Word {
  const [first] = words as [Word, ...Word[]];
  if (words.length === 1) return first;
  const last = words[words.length - 1] as Word;
  return { raw: words.map((w) => w.raw).join(' '), value: words.map((w) => w.value).join(' '), start: first.start, end: last.end };
}

const CMDLET_ACTIONS: Record<string, RegistryAction> = {
  'set-itemproperty': 'set',
  'new-itemproperty': 'set',
  'remove-itemproperty': 'delete',
  'new-item': 'create-key',
  'remove-item': 'delete',
  'get-itemproperty': 'query',
  'get-itempropertyvalue': 'query',
  'get-item': 'query',
  'get-childitem': 'query',
  'set-item': 'set',
};

function cmdletOperation(cmdlet: string, invocation: Invocation): RegistryOperation | null {
  const action = CMDLET_ACTIONS[cmdlet];
  if (!action) return null;
  const named = (...names: string[]) => invocation.switches.find((s) => names.includes(s.name))?.value;
  const positional = [...invocation.positionals];
  const path = named('-path', '-literalpath', '-pspath') ?? positional.shift();
  if (!path || !isRegistryProviderPath(path.value)) return null;
  const operation: Building<RegistryOperation> = { tool: 'powershell', action, key: path.value, keyWord: path, invocation };
  if (cmdlet.endsWith('itemproperty') || cmdlet === 'get-itempropertyvalue') {
    const name = named('-name') ?? positional.shift();
    if (name && !COMPUTED.test(name.value)) {
      operation.valueName = name.value;
      operation.valueWord = name;
    }
  }
  if (action === 'set' && cmdlet !== 'set-item') {
    const data = named('-value') ?? positional.shift();
    if (data && !COMPUTED.test(data.raw) && data.value !== '') {
      operation.data = data.value;
      operation.dataWord = data;
    }
    const stated = normaliseRegistryType(named('-type', '-propertytype')?.value);
    if (stated) operation.statedType = stated;
    const type = stated ?? (cmdlet === 'new-itemproperty' ? 'REG_SZ' : undefined);
    if (type) operation.type = type;
  }
  return operation;
}
