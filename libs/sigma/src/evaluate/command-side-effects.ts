import { commandSegments } from '../templates/command-program';
import { registryWrites, sysmonRendering } from '../templates/registry-writes';
import type { SigmaEvent } from './event-fields';

/**
 * What a command line leaves in telemetry besides its own process: the registry values `reg add` /
 * `Set-ItemProperty` write and the keys `reg delete` removes (Sysmon registry events), the service `sc create`
 * installs (System 7045, Security 4697), and the script block PowerShell logs for the code it was given
 * (4104, with `-EncodedCommand` decoded). A lab's rules on those logs fire on these, not on the command line.
 */
export function commandSideEffects(executed: string, runLines: readonly string[], windows: boolean): SigmaEvent[] {
  if (!windows) return [];
  // `cmd /C "reg add \"HKLM\…\" …"`: the program inside sees the quotes unescaped.
  const unescaped = (text: string) => text.replace(/\\"/g, '"');
  const lines = runLines.map(unescaped);
  return [
    // The command-line model reads cmd's escaped quotes itself.
    ...registrySets(executed),
    ...lines.flatMap(registryDeletes),
    ...lines.flatMap(serviceInstalls),
    ...lines.flatMap(netChild),
    ...scriptBlocks(unescaped(executed)),
  ];
}

const HIVE_NAMES: Array<[RegExp, string]> = [
  [/^(?:HKEY_LOCAL_MACHINE|HKLM)$/i, 'HKLM'],
  [/^(?:HKEY_CURRENT_USER|HKCU)$/i, 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001'],
  [/^(?:HKEY_CLASSES_ROOT|HKCR)$/i, 'HKCR'],
  [/^(?:HKEY_USERS|HKU)$/i, 'HKU'],
];

/** The hive a command names before a key (as Sysmon writes it), HKLM when it names none. */
function hiveBefore(executed: string, key: string): string {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\\/g, '\\\\+');
  const hive = new RegExp(`(HKEY_[A-Z_]+|HK[A-Z]{1,2}):?\\\\+${escaped}`, 'i').exec(executed)?.[1] ?? 'HKLM';
  return HIVE_NAMES.find(([pattern]) => pattern.test(hive))?.[1] ?? 'HKLM';
}

function registrySets(executed: string): SigmaEvent[] {
  // A key the article elided (`"...Services\Sense"`) is not a path telemetry records.
  return registryWrites([executed])
    .filter((write) => !/\.\.\.|…/.test(write.key))
    .map((write) => ({
      EventID: 13,
      EventType: 'SetValue',
      TargetObject: `${hiveBefore(executed, write.key)}\\${write.key}${write.name ? `\\${write.name}` : '\\(Default)'}`,
      Details: sysmonRendering(write),
      Image: 'C:\\Windows\\System32\\reg.exe',
    }));
}

const argumentsOf = (text: string) =>
  (text.match(/"(?:\\"|[^"])*"|'[^']*'|\S+/g) ?? []).map((arg) => arg.replace(/^(["'])([\s\S]*)\1$/, '$2'));

/** `reg delete <key> [/v <name> | /va]`: Sysmon's DeleteValue (or DeleteKey) event. */
function registryDeletes(executed: string): SigmaEvent[] {
  return commandSegments(executed).flatMap((segment) => {
    const args = argumentsOf(segment.trim());
    if (!/^(?:.*\\)?reg(?:\.exe)?$/i.test(args[0] ?? '') || args[1]?.toLowerCase() !== 'delete' || !args[2]) return [];
    const match = /^(HKEY_[A-Z_]+|HK[A-Z]{1,2}):?\\+(.*)$/i.exec(args[2]);
    const hive = HIVE_NAMES.find(([pattern]) => pattern.test(match?.[1] ?? 'HKLM'))?.[1] ?? 'HKLM';
    const key = `${hive}\\${(match?.[2] ?? args[2]).replace(/\\+$/, '')}`;
    const index = args.findIndex((arg) => arg.toLowerCase() === '/v');
    const name = index >= 0 ? args[index + 1] : undefined;
    return [
      {
        EventID: 12,
        EventType: name ? 'DeleteValue' : 'DeleteKey',
        TargetObject: name ? `${key}\\${name}` : key,
        Image: 'C:\\Windows\\System32\\reg.exe',
      },
    ];
  });
}

/**
 * `net user|group|localgroup|accounts …`: net.exe hands these to net1.exe, which Windows starts as its child with
 * the same arguments (rules on account discovery read either image).
 */
function netChild(line: string): SigmaEvent[] {
  const match = /^(?:"?(?:[a-z]:)?[^"\s]*\\)?net(?:\.exe)?"?\s+((?:user|group|localgroup|accounts)\b[\s\S]*)$/i.exec(line.trim());
  if (!match) return [];
  return [
    {
      EventID: 1,
      Image: 'C:\\Windows\\System32\\net1.exe',
      OriginalFileName: 'net1.exe',
      CommandLine: `C:\\Windows\\system32\\net1 ${match[1]}`,
      ParentImage: 'C:\\Windows\\System32\\net.exe',
      ParentCommandLine: line.trim(),
    },
  ];
}

/** `sc [\\host] create <name> binPath= <path>`: the service installation the System and Security logs record. */
function serviceInstalls(executed: string): SigmaEvent[] {
  return commandSegments(executed).flatMap((segment) => {
    const args = argumentsOf(segment.trim());
    if (!/^(?:.*\\)?sc(?:\.exe)?$/i.test(args[0] ?? '')) return [];
    const at = args.findIndex((arg) => arg.toLowerCase() === 'create');
    const name = at > 0 ? args[at + 1] : undefined;
    const binAt = args.findIndex((arg) => /^binpath=/i.test(arg));
    if (!name || binAt < 0) return [];
    const inline = (args[binAt] as string).slice('binpath='.length);
    const binary = inline || (args[binAt + 1] ?? '');
    return [
      {
        EventID: 7045,
        Provider_Name: 'Service Control Manager',
        Channel: 'System',
        ServiceName: name,
        ImagePath: binary,
        ServiceFileName: binary,
      },
      { EventID: 4697, Channel: 'Security', ServiceName: name, ServiceFileName: binary },
    ];
  });
}

const POWERSHELL = /(?:^|[\s\\/"'])(?:powershell|pwsh)(?:\.exe)?["']?\s+/i;
const CODE_FLAG = /(?:^|\s)-(?:c|co|com|comm|comma|comman|command)\s+([\s\S]+)$/i;
const ENCODED_FLAG = /(?:^|\s)-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)\s+([A-Za-z0-9+/]{16,}={0,2})(?=\s|$|["'])/i;
const CMDLET = /^(?:[a-z]+-[a-z]+|iex|irm|iwr)\b/i;

/** The code PowerShell would log as a script block for this command line, if it runs any. */
export function scriptBlockOf(executed: string): string | null {
  const line = executed.trim();
  const invocation = POWERSHELL.exec(line);
  if (invocation) {
    const rest = line.slice((invocation.index ?? 0) + invocation[0].length);
    const encoded = ENCODED_FLAG.exec(` ${rest}`)?.[1];
    if (encoded) return decodeUtf16(encoded);
    const code = CODE_FLAG.exec(` ${rest}`)?.[1]?.trim();
    if (code) return code.replace(/^"([\s\S]*)"$/, '$1');
    return null;
  }
  return CMDLET.test(line) ? line : null;
}

/** A -EncodedCommand payload (UTF-16LE Base64) as text, or null when it does not decode to readable code. */
function decodeUtf16(encoded: string): string | null {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  const text = bytes.toString('utf16le');
  const readable = [...text].filter((char) => /[\x20-\x7e\t\r\n]/.test(char)).length;
  return readable / Math.max(1, text.length) > 0.95 ? text : null;
}

function scriptBlocks(executed: string): SigmaEvent[] {
  const code = scriptBlockOf(executed);
  return code ? [{ EventID: 4104, Channel: 'Microsoft-Windows-PowerShell/Operational', ScriptBlockText: code }] : [];
}
