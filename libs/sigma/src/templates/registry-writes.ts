import { commandFacts, normaliseRegistryType, type RegistryOperation } from '@huntforge/observables';
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

/**
 * The registry operations of a command line, read by libs/observables' command-line model (wrappers such as
 * `cmd /c` and `powershell -c` looked through).
 */
function operationsOf(commandLine: string): RegistryOperation[] {
  return commandFacts(asExecuted(commandLine)).registry;
}

/** The Sysmon-facing type of a `REG_*` type: the data Sysmon renders for DWORD, QWORD and strings; of the rest only that it is binary. */
function dataType(type: string): RegistryDataType {
  if (/^REG_DWORD/.test(type)) return 'dword';
  if (/^REG_QWORD/.test(type)) return 'qword';
  if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') return 'string';
  return 'binary';
}

const NUMBER = /^(?:0x[0-9a-f]+|\d+)$/i;

/**
 * The write a registry operation makes, typed as the registry stores it: the stated type, else the tool's
 * default (reg add and New-ItemProperty write REG_SZ, so `reg add … /d 4` stores the string "4"). Set-ItemProperty
 * keeps the type of the value it changes: a number there is almost always a DWORD.
 */
function writeOf(operation: RegistryOperation): RegistryWrite | null {
  if (operation.action !== 'set' || operation.valueName === undefined || operation.data === undefined) return null;
  const type = operation.type ? dataType(operation.type) : NUMBER.test(operation.data) ? 'dword' : 'string';
  return { key: keyWithoutHive(operation.key), name: operation.valueName.toLowerCase(), type, data: operation.data };
}

/** Every registry value the command lines write with reg.exe or PowerShell, with its data. */
export function registryWrites(commandLines: readonly string[]): RegistryWrite[] {
  return commandLines.flatMap((line) => operationsOf(line).flatMap((operation) => writeOf(operation) ?? []));
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
 * type (prose: "set Start to 4") is taken as a DWORD, as Set-ItemProperty would write it.
 */
export function statedWrite(data: string | undefined, valueType: string | undefined): Pick<RegistryWrite, 'type' | 'data'> | null {
  if (data === undefined || data === '') return null;
  if (valueType?.trim()) return { type: dataType(normaliseRegistryType(valueType) ?? ''), data };
  return { type: NUMBER.test(data) ? 'dword' : 'string', data };
}

export interface RegistryDeletion {
  /** The key as the command names it, hive and provider prefix kept (`HKCR\*\shellex\…`, `HKLM:\SOFTWARE\…`). */
  key: string;
  /** The value deleted; absent when the command deletes the whole key. */
  valueName?: string;
}

/** Every registry value or key the command lines delete with reg.exe or PowerShell (`reg delete`, `Remove-ItemProperty`, `Remove-Item HKLM:\…`). */
export function registryDeletions(commandLines: readonly string[]): RegistryDeletion[] {
  return commandLines.flatMap((line) =>
    operationsOf(line)
      .filter((operation) => operation.action === 'delete')
      .map((operation) => ({ key: operation.key, ...(operation.valueName ? { valueName: operation.valueName } : {}) })),
  );
}

/** What a command line deletes (`reg delete KEY [/v NAME]`, `Remove-ItemProperty`, `Remove-Item HKLM:\…`), lower case, without hive; a null name is the whole key. */
function deletions(commandLine: string): Array<{ key: string; name: string | null }> {
  return operationsOf(commandLine)
    .filter((operation) => operation.action === 'delete')
    .map((operation) => ({ key: keyWithoutHive(operation.key), name: operation.valueName?.toLowerCase() ?? null }));
}

/**
 * True when the article's commands delete this registry value (or key) and none writes it: the registry item
 * is what was removed (a security product's tray entry deleted from Run), which no write rule can see.
 */
export function onlyDeleted(commandLines: readonly string[], key: string, valueName?: string): boolean {
  const path = keyWithoutHive(key);
  const name = valueName?.toLowerCase() ?? null;
  const deletes = commandLines
    .flatMap(deletions)
    .some((deleted) => deleted.key === path && (deleted.name === null || deleted.name === name));
  return deletes && writtenData(commandLines, key, valueName) === null;
}
