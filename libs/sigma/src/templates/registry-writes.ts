import { commandSegments } from './command-program';
import { asExecuted, stableParts } from './command-values';

/**
 * Registry values an article's commands write (`reg add … /v Name /t REG_DWORD /d 4`,
 * `Set-ItemProperty -Path HKLM:\… -Name Start -Value 4`), so a registry rule can require the data the
 * attacker wrote rather than fire on every write of the value.
 */

export type RegistryDataType = 'dword' | 'qword' | 'string' | 'binary' | 'unknown';

export interface RegistryWrite {
  /** The key without its hive, lower case, single backslashes (`system\currentcontrolset\services\wuauserv`). */
  key: string;
  /** The value name, lower case; '' for the key's default value. */
  name: string;
  type: RegistryDataType;
  /** The data as the command gives it, unquoted. */
  data: string;
}

const HIVE =
  /^(?:Microsoft\.PowerShell\.Core\\)?(?:Registry::)?(?:HKEY_LOCAL_MACHINE|HKEY_CURRENT_USER|HKEY_CLASSES_ROOT|HKEY_USERS|HKEY_CURRENT_CONFIG|HKLM|HKCU|HKCR|HKU|HKCC):?(?:\\+|$)/i;

/** A key as the registry item and the write compare it: no hive, no doubled or trailing backslash, lower case. */
export function keyWithoutHive(key: string): string {
  return key
    .replace(/\\{2,}/g, '\\')
    .replace(HIVE, '')
    .replace(/^\\+|\\+$/g, '')
    .toLowerCase();
}

const unquote = (text: string) => text.replace(/^(["'])([\s\S]*)\1$/, '$2');
const argumentsOf = (text: string) => text.match(/"(?:\\"|[^"])*"|'[^']*'|\S+/g) ?? [];

function typeOf(name: string | undefined, data: string, numericDefault: RegistryDataType): RegistryDataType {
  const type = (name ?? '').toLowerCase().replace(/^reg_/, '');
  if (type === 'dword' || type === 'dword_little_endian') return 'dword';
  if (type === 'qword' || type === 'qword_little_endian') return 'qword';
  if (/^(?:sz|expand_sz|string|expandstring)$/.test(type)) return 'string';
  // Sysmon writes the data of DWORD, QWORD and string values; of any other type only that it is binary.
  if (/^(?:binary|none|multi_sz|multistring)$/.test(type)) return 'binary';
  if (type) return 'unknown';
  return /^(?:0x[0-9a-f]+|\d+)$/i.test(data) ? numericDefault : 'string';
}

/** `reg add <key> /v <name> [/t <type>] /d <data>`: the write it makes, or null. */
function regAdd(args: string[]): RegistryWrite | null {
  const key = args.find((arg, index) => index > 0 && !/^\//.test(arg) && !/^\/(?:v|t|d|s)$/i.test(args[index - 1] ?? ''));
  const option = (flag: string) => {
    const index = args.findIndex((arg) => arg.toLowerCase() === flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const data = option('/d');
  const name = args.some((arg) => arg.toLowerCase() === '/ve') ? '' : option('/v');
  if (!key || data === undefined || name === undefined) return null;
  const value = unquote(data).replace(/\\"/g, '"');
  return { key: keyWithoutHive(unquote(key)), name: unquote(name).toLowerCase(), type: typeOf(option('/t'), value, 'string'), data: value };
}

/** `Set-ItemProperty` / `New-ItemProperty` with -Path, -Name, -Value (or the first three positional arguments). */
function itemProperty(cmdlet: string, args: string[]): RegistryWrite | null {
  const named: Record<string, string> = {};
  const positional: string[] = [];
  for (let index = 1; index < args.length; index++) {
    const arg = args[index] as string;
    const parameter = /^-(\w+)$/.exec(arg)?.[1]?.toLowerCase();
    if (parameter && index + 1 < args.length && !/^-\w+$/.test(args[index + 1] as string))
      named[parameter] = unquote(args[++index] as string);
    else if (!parameter) positional.push(unquote(arg));
  }
  const key = named['path'] ?? named['literalpath'] ?? positional.shift();
  const name = named['name'] ?? positional.shift();
  const data = named['value'] ?? positional.shift();
  if (!key || !HIVE.test(key) || name === undefined || data === undefined) return null;
  // Set-ItemProperty keeps the type of the value it changes: a number there is almost always a DWORD.
  const numericDefault = /^set-itemproperty$|^sp$/i.test(cmdlet) ? 'dword' : 'string';
  return {
    key: keyWithoutHive(key),
    name: name.toLowerCase(),
    type: typeOf(named['type'] ?? named['propertytype'], data, numericDefault),
    data,
  };
}

/** Every registry value the command lines write with reg.exe or PowerShell, with its data. */
export function registryWrites(commandLines: readonly string[]): RegistryWrite[] {
  const writes: RegistryWrite[] = [];
  for (const commandLine of commandLines) {
    const executed = asExecuted(commandLine);
    const starts = [
      ...executed.matchAll(/(?:^|[\s"'(;&|])((?:[\w:\\.-]*\\)?reg(?:\.exe)?\s+add|Set-ItemProperty|New-ItemProperty|sp)(?=\s)/gi),
    ];
    for (const start of starts) {
      const from = (start.index ?? 0) + start[0].length - (start[1] as string).length;
      const segment = commandSegments(executed.slice(from))[0] ?? '';
      const args = argumentsOf(segment);
      const write = /\badd$/i.test(start[1] as string) ? regAdd(args.slice(1)) : itemProperty(start[1] as string, args);
      if (write) writes.push(write);
    }
  }
  return writes;
}

const hex8 = (value: bigint) => `0x${value.toString(16).padStart(8, '0')}`;

/** The Details field Sysmon records for a write: `DWORD (0x00000004)`, `QWORD (…-…)`, `Binary Data` or the string. */
export function sysmonRendering(write: Pick<RegistryWrite, 'type' | 'data'>): string {
  const numeric = /^(?:0x[0-9a-f]+|\d+)$/i.test(write.data);
  if (write.type === 'dword' && numeric && BigInt(write.data) <= 0xffffffffn) return `DWORD (${hex8(BigInt(write.data))})`;
  if (write.type === 'qword' && numeric && BigInt(write.data) <= 0xffffffffffffffffn)
    return `QWORD (${hex8(BigInt(write.data) >> 32n)}-${hex8(BigInt(write.data) & 0xffffffffn)})`;
  if (write.type === 'binary') return 'Binary Data';
  return write.data;
}

/**
 * The data as Sysmon writes it in Details: `DWORD (0x00000004)`, `QWORD (0x00000000-0x00000004)`, or for
 * a string the parts of it that hold on any machine (cmd.exe expands %APPDATA% before reg.exe sees it).
 * Null when the data cannot be matched (binary data, nothing stable left).
 */
export function sysmonDetails(write: Pick<RegistryWrite, 'type' | 'data'>): { exact: string } | { contains: string[] } | null {
  if (write.type === 'dword' || write.type === 'qword') {
    const rendered = sysmonRendering(write);
    return rendered === write.data ? null : { exact: rendered };
  }
  if (write.type !== 'string') return null;
  const parts = write.data
    .split(/%\w+%|\$env:\w+/i)
    .flatMap((piece) => stableParts(piece))
    .filter((part) => write.data.includes(part));
  return parts.length > 0 ? { contains: parts.slice(0, 2) } : null;
}

/**
 * The data written to a registry item's value, when one of the command lines writes it: `key` is the
 * item's key path (with or without hive), `valueName` its value name when the path does not end in it.
 */
export function writtenData(commandLines: readonly string[], key: string, valueName?: string): RegistryWrite | null {
  const path = keyWithoutHive(key);
  const target = valueName && !path.endsWith(`\\${valueName.toLowerCase()}`) ? `${path}\\${valueName.toLowerCase()}` : path;
  return registryWrites(commandLines).find((write) => `${write.key}\\${write.name}` === target) ?? null;
}

// Services every Windows machine (or its security stack) has: Windows, its updates and the vendor's own
// agent write their configuration, so a write there says nothing without the data written.
const WELL_KNOWN_SERVICES = new Set([
  'windefend',
  'wdnissvc',
  'wdnisdrv',
  'wdfilter',
  'wdboot',
  'sense',
  'securityhealthservice',
  'wscsvc',
  'mpssvc',
  'mpsdrv',
  'bfe',
  'sharedaccess',
  'eventlog',
  'wecsvc',
  'wuauserv',
  'usosvc',
  'waasmedicsvc',
  'bits',
  'dosvc',
  'schedule',
  'termservice',
  'umrdpservice',
  'sessionenv',
  'remoteregistry',
  'lanmanserver',
  'lanmanworkstation',
  'netlogon',
  'vss',
  'swprv',
  'wbengine',
  'sdrsvc',
  'dnscache',
  'dhcp',
  'w32time',
  'winrm',
  'spooler',
  'diagtrack',
  'sysmon',
  'sysmon64',
  'sysmondrv',
  'appidsvc',
  'appid',
  'cryptsvc',
  'trustedinstaller',
  'msiserver',
  'winmgmt',
  'iphlpsvc',
  'samss',
  'keyiso',
  'seclogon',
  'wersvc',
  'wsearch',
  'appinfo',
  'gpsvc',
  'profsvc',
  'lsm',
  'rpcss',
  'dcomlaunch',
  'plugplay',
  'power',
  'themes',
  'audiosrv',
  'wlansvc',
  'nlasvc',
  'netprofm',
  'mrxsmb',
  'mrxsmb10',
  'mrxsmb20',
  'ikeext',
  'policyagent',
  'rasman',
  'wpnservice',
]);

/** True for the name of a service every Windows machine has (`WinDefend`, `wuauserv`). */
export function isWellKnownService(name: string): boolean {
  return WELL_KNOWN_SERVICES.has(name.trim().toLowerCase());
}

// Keys ordinary software writes under all day (every task created, every Run-dialog line, every
// environment variable set): a rule on the key alone, without the value name or the data, fires on all of it.
const BUSY_KEYS =
  /(?:^|\\)(?:schedule\\taskcache(?:\\tree|\\tasks|\\plain|\\logon|\\boot)?|explorer\\(?:runmru|recentdocs|userassist|typedpaths|comdlg32)|environment|currentversion\\run(?:once)?|currentcontrolset\\services|currentcontrolset\\control\\session manager\\environment)$/;

/** True for a key (without a value name) that Windows and ordinary software write to constantly. */
export function isBusyKey(key: string): boolean {
  return BUSY_KEYS.test(keyWithoutHive(key));
}

/**
 * True for a value of a well-known service's key (`…\Services\wuauserv\Start`): Windows, updates
 * and the product itself write it, so without the data the attacker wrote a rule on it fires on them.
 */
export function isWellKnownServiceKey(key: string): boolean {
  const service = /(?:^|\\)(?:currentcontrolset|controlset\d{3})\\services\\([^\\]+)/.exec(keyWithoutHive(key))?.[1];
  return service !== undefined && WELL_KNOWN_SERVICES.has(service);
}

/**
 * The write a registry item states itself (value_data, value_type as the extractor records them: the data
 * as written, `REG_DWORD`, …), typed as a command's would be; null without data. A number without a
 * stated type is taken as a DWORD, as Set-ItemProperty would write it.
 */
export function statedWrite(data: string | undefined, valueType: string | undefined): Pick<RegistryWrite, 'type' | 'data'> | null {
  if (data === undefined || data === '') return null;
  const type = (valueType ?? '').toUpperCase().replace(/^REG_/, '');
  if (type === 'DWORD' || type === 'DWORD_LITTLE_ENDIAN') return { type: 'dword', data };
  if (type === 'QWORD' || type === 'QWORD_LITTLE_ENDIAN') return { type: 'qword', data };
  if (type === 'SZ' || type === 'EXPAND_SZ') return { type: 'string', data };
  if (type) return { type: 'binary', data };
  return { type: /^(?:0x[0-9a-f]+|\d+)$/i.test(data) ? 'dword' : 'string', data };
}

/** `reg delete KEY [/v NAME]` and `Remove-ItemProperty -Path KEY -Name NAME`: what a command deletes, lower case, without hive. */
function deletion(commandLine: string): { key: string; name: string | null } | null {
  for (const segment of commandSegments(asExecuted(commandLine))) {
    const args = argumentsOf(segment.trim());
    const program =
      (args[0] ?? '')
        .replace(/^["']|["']$/g, '')
        .split('\\')
        .pop()
        ?.toLowerCase() ?? '';
    if (/^reg(?:\.exe)?$/.test(program) && args[1]?.toLowerCase() === 'delete' && args[2]) {
      const index = args.findIndex((arg) => arg.toLowerCase() === '/v');
      const name = index >= 0 ? args[index + 1] : undefined;
      return { key: keyWithoutHive(unquote(args[2])), name: name ? unquote(name).toLowerCase() : null };
    }
    if (/^(?:remove-itemproperty|rp)$/i.test(program)) {
      const path = args.findIndex((arg) => /^-(?:literal)?path$/i.test(arg));
      const name = args.findIndex((arg) => /^-name$/i.test(arg));
      if (path >= 0 && args[path + 1] && name >= 0 && args[name + 1])
        return { key: keyWithoutHive(unquote(args[path + 1] as string)), name: unquote(args[name + 1] as string).toLowerCase() };
    }
  }
  return null;
}

/**
 * True when the article's commands delete this registry value (or key) and none writes it: the registry item
 * is what was removed (a security product's tray entry deleted from Run), which no write rule can see.
 */
export function onlyDeleted(commandLines: readonly string[], key: string, valueName?: string): boolean {
  const path = keyWithoutHive(key);
  const name = valueName?.toLowerCase() ?? null;
  const deletes = commandLines
    .map(deletion)
    .some((deleted) => deleted && deleted.key === path && (deleted.name === null || deleted.name === name));
  return deletes && writtenData(commandLines, key, valueName) === null;
}
