import { hostOf } from '../templates/builtin-sigma-agent';
import { bareName, programRuns, type ProgramRun } from '../templates/command-program';
import { asExecuted } from '../templates/command-values';
import { onlyDeleted, statedWrite, sysmonRendering, writtenData } from '../templates/registry-writes';
import { isRunDialogHistory } from '../templates/run-dialog';
import { auditdRecords } from './auditd-records';
import { broughtPrograms } from './brought-programs';
import { ioEffects } from './command-io-effects';
import { commandFacts, scriptBlockCode } from '@huntforge/observables';
import { commandSideEffects } from './command-side-effects';
import type { SigmaEvent } from './event-fields';
import { defenderLog } from './defender-settings';
import { defenderDetections } from './defender-detections';
import { placeDroppedTools, toolLocations } from './dropped-tools';
import { fileDeletions } from './file-deletions';
import { launchedChildren } from './launched-children';
import { powershellLogs } from './powershell-logs';
import { processEventOn } from './process-event';
import { withRecordDetails } from './record-details';
import { RELAY_HOSTS, serviceStarted, taskActionStarted, UNDER_SYSTEM } from './relayed-execution';
import { EXPLORER, pastedLines, runDialogEntry } from './run-dialog-entries';
import { cmdHost, scriptRunner } from './shell-host';
import { onlyAlteredTask } from './stated-tasks';
import { queryEvents } from './query-events';

/** The parts of an extracted observable the telemetry is built from. */
export interface ObservableLike {
  type: string;
  value: string;
  attributes?: Record<string, string | number | boolean | null>;
}

/** A synthetic event and the observable it stands for. */
export interface ObservableEvent {
  observable: string;
  event: SigmaEvent;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

// A run self-tests each of its generated rules on the same observables: their events are worked out once per
// list and product (the list is not changed after extraction; the events are only read).
const eventsByList = new WeakMap<readonly ObservableLike[], Map<string, readonly ObservableEvent[]>>();

/**
 * The telemetry an observable would leave, as Sysmon/Windows-style field names Sigma rules use:
 * process_creation for command lines and process pairs, registry_set for keys, service install,
 * scheduled-task creation, dns_query / network_connection / proxy for indicators. One observable can
 * give several events (a domain is both a DNS query and a connection). A command line also gives what its
 * programs did (command-side-effects.ts, command-io-effects.ts: registry, services, script blocks, the hosts
 * reached and files written; on Linux the auditd records), since a lab's rules on those logs fired on them.
 */
export function observableEvents(observables: readonly ObservableLike[], options: { product?: string } = {}): readonly ObservableEvent[] {
  let byProduct = eventsByList.get(observables);
  if (!byProduct) eventsByList.set(observables, (byProduct = new Map()));
  const product = options.product?.toLowerCase() ?? '';
  let events = byProduct.get(product);
  if (!events) byProduct.set(product, (events = eventsOfList(observables, options)));
  return events;
}

function eventsOfList(observables: readonly ObservableLike[], options: { product?: string }): ObservableEvent[] {
  const product = options.product?.toLowerCase();
  const windows = product === 'windows';
  const commandLines = observables.filter((o) => o.type === 'cmdline').map((o) => o.value);
  const pairs = observables.filter((o) => o.type === 'process_lineage').map(pairOf);
  const registryKeys = observables.filter((o) => o.type === 'registry_key').map((o) => o.value);
  const context: Context = {
    windows,
    unix: product === 'linux' || product === 'macos',
    linux: product === 'linux',
    runsOf: new Map(),
    commandLinesOf: new Map(),
    commandLines,
    pairs,
    pasted: windows ? pastedLines(commandLines, pairs, registryKeys) : new Set(),
    historyKeyed: registryKeys.some(isRunDialogHistory),
  };
  // Each command line resolved once: its own events, and what each program was told to do, so a
  // parent→child pair's event carries the child's command line.
  for (const observable of observables.filter((o) => o.type === 'cmdline')) {
    const executed = executedLine(observable.value);
    const runs = programRuns(executed, windows);
    context.runsOf.set(observable, { executed, runs });
    for (const run of runs) {
      const key = bareName(run.image);
      context.commandLinesOf.set(key, [...(context.commandLinesOf.get(key) ?? []), run.commandLine]);
    }
  }
  // A tool the article shows on disk runs from there (dropped-tools.ts).
  const locations = windows ? toolLocations(commandLines) : new Map<string, string>();
  return observables.flatMap((observable) =>
    withRecordDetails(withBroughtPrograms(placeDroppedTools(eventsOf(observable, context), locations), windows)).map((event) => ({
      observable: `${observable.type}: ${observable.value}`,
      event,
    })),
  );
}

/** The events, and on Windows the files the intruder's own programs among them were written to (brought-programs.ts). */
function withBroughtPrograms(events: SigmaEvent[], windows: boolean): SigmaEvent[] {
  return windows ? [...events, ...broughtPrograms(events)] : events;
}

/**
 * The line as it ran: refanged, and with the opening quote of a program path an article kept only the closing quote
 * of (`C:\…\PowerShell.exe" -c …` ran as `"C:\…\PowerShell.exe" -c …`), so the process is that program.
 */
function executedLine(value: string): string {
  const executed = asExecuted(value);
  return /^[A-Za-z]:\\[^"\r\n]*\.exe"(?:\s|$)/i.test(executed) ? `"${executed}` : executed;
}

interface Context {
  windows: boolean;
  unix: boolean;
  linux: boolean;
  runsOf: Map<ObservableLike, { executed: string; runs: ProgramRun[] }>;
  commandLinesOf: Map<string, string[]>;
  /** Every command line of the article: a `reg add … /d` among them says what a registry value was set to. */
  commandLines: string[];
  /** The article's parent → child pairs: what explorer.exe started was run from the Run dialog (RunMRU). */
  pairs: Array<{ parent: string | null; child: string }>;
  /** The command lines pasted into the Run dialog, as typed (run-dialog-entries.ts). */
  pasted: Set<string>;
  /** The article names the Run dialog's history key: that observable stands for the entry a pasted line wrote. */
  historyKeyed: boolean;
}

/** A `parent -> child` observable's two programs (its attributes first, else the value's two sides). */
function pairOf(observable: ObservableLike): { parent: string | null; child: string } {
  const [parentText, childText] = observable.value.split(/\s*(?:->|→|=>)\s*/);
  return {
    parent: text(observable.attributes?.parent) ?? text(parentText),
    child: text(observable.attributes?.child) ?? text(childText) ?? observable.value,
  };
}

function eventsOf(
  observable: ObservableLike,
  { windows, unix, linux, runsOf, commandLinesOf, commandLines, pasted, historyKeyed }: Context,
): SigmaEvent[] {
  const { type, value, attributes = {} } = observable;
  const processEvent = (commandLine: string, parent: string | null) =>
    processEventOn(windows, unix ? commandLine.replace(/^(\S+)\.exe\b/i, '$1') : commandLine, parent);
  switch (type) {
    case 'cmdline': {
      // Telemetry records what ran: the line refanged, and each program a wrapper (cmd /c, start, for … do, sh -c) started.
      const { executed, runs } = runsOf.get(observable) ?? { executed: executedLine(value), runs: [] };
      // A line that is PowerShell code (a cmdlet or an alias first) ran inside powershell.exe, whose command line carries it.
      const code = windows && runs[0]?.viaPowerShell && runs[0].commandLine === executed;
      const written = code
        ? { ...processEvent(`powershell.exe ${executed}`, text(attributes.parent)), CommandLine: executed }
        : processEvent(executed, text(attributes.parent));
      // A line naming a script or a package runs the program Windows associates with it (see shell-host.ts).
      const typed = (windows ? scriptRunner(executed, written) : null) ?? written;
      // A Windows line that starts no shell ran in one: a built-in's line is cmd.exe's own (see shell-host.ts).
      const host = windows ? cmdHost(executed, typed) : null;
      const outer = host?.builtin ? host.shell : typed;
      const hosting = host && !host.builtin ? [host.shell, ...(host.child ? [host.child] : [])] : [];
      const [own, ...rest] = lineEvents(executed, runs, outer, windows);
      // A line pasted into the Run dialog is explorer.exe's child, and explorer keeps it in the dialog's history.
      const dialog =
        windows && pasted.has(executed) ? [{ ...typed, ...EXPLORER }, ...(historyKeyed ? [] : [runDialogEntry(executed)])] : [];
      const events = [own as SigmaEvent, ...hosting, ...dialog, ...rest];
      // What another component runs for the line (a task's action, a service's binary, WMI's or PsExec's command)
      // does there what it would do anywhere: its programs, registry writes, downloads and script blocks (one level).
      const relayed = windows ? events.filter(isRelayed).flatMap(relayedEffects) : [];
      const all = [...events, ...relayed];
      if (windows) return [...all, ...powershellLogs(all), ...defenderLog(all), ...defenderDetections(all)];
      return linux ? [...all, ...auditdRecords(all)] : all;
    }
    case 'process_lineage': {
      const { parent, child } = pairOf(observable);
      // What the service manager or a remote-execution service starts runs as SYSTEM.
      const account = windows && parent && SYSTEM_PARENTS.test(bareName(parent)) ? UNDER_SYSTEM : {};
      const pairEvent = { ...processEvent(child, parent), ...account };
      const told = (commandLinesOf.get(bareName(child)) ?? []).map((commandLine) => ({ ...pairEvent, CommandLine: commandLine }));
      return withParentLines([pairEvent, ...told], parent, commandLinesOf);
    }
    case 'registry_key': {
      const event = registryEvent(value, attributes, commandLines, pasted);
      return [event, ...defaultValueOf(event, attributes), ...defenderLog([event])];
    }
    case 'service': {
      const rawBinary = text(attributes.binary_path) ?? text(attributes.image_path);
      const binary = rawBinary ? asExecuted(rawBinary) : null;
      const name = text(attributes.name) ?? text(attributes.service_name) ?? value;
      return [
        {
          EventID: 7045,
          Provider_Name: 'Service Control Manager',
          Channel: 'System',
          ServiceName: name,
          ImagePath: binary ?? '',
          ServiceFileName: binary ?? '',
        },
        { EventID: 4697, Channel: 'Security', ServiceName: name, ServiceFileName: binary ?? '' },
        // The installed service runs its binary (and what that binary runs) when it starts.
        ...(binary && windows ? startedByWindows(serviceStarted(name, binary)) : []),
      ];
    }
    case 'scheduled_task': {
      const name = value.startsWith('\\') ? value : `\\${value}`;
      const command = text(attributes.command) ?? text(attributes.action) ?? '';
      // A task the article's commands only disable, run or delete existed before the intruder: nothing created it.
      if (!command && windows && onlyAlteredTask(commandLines, value)) return [];
      return [
        { EventID: 4698, Channel: 'Security', TaskName: name, TaskContent: command },
        processEvent(`schtasks.exe /create /tn "${value}"${command ? ` /tr "${command}"` : ''}`, null),
        ...(command && windows ? startedByWindows([taskActionStarted(asExecuted(command))]) : []),
      ];
    }
    case 'domain':
      return [
        // Sysmon names the process that asked; the article does not say which did (not the DNS client's svchost.exe).
        { EventID: 22, QueryName: value },
        { EventID: 3, DestinationHostname: value, Initiated: 'true' },
        { 'cs-host': value, 'r-dns': value, 'c-uri': `http://${value}/`, 'cs-method': 'GET' },
      ];
    case 'url': {
      const host = hostOf(value);
      return [
        { 'c-uri': value, 'cs-uri': value, 'cs-host': host ?? '', 'r-dns': host ?? '', 'cs-method': 'GET' },
        ...(host
          ? [
              { EventID: 22, QueryName: host },
              { EventID: 3, DestinationHostname: host, ...destinationOf(value, host), Initiated: 'true' },
            ]
          : []),
      ];
    }
    case 'ipv4':
    case 'ipv6':
      return [
        { EventID: 3, DestinationIp: value, Initiated: 'true' },
        { dst_ip: value, DestinationAddress: value, 'c-ip': value },
      ];
    case 'hunt_query':
      return queryEvents(value, attributes.language, windows ? 'windows' : linux ? 'linux' : unix ? 'macos' : undefined);
    default:
      return [];
  }
}

/** The address and port a URL's connection goes to: its host when that is an address, its port or its scheme's. */
function destinationOf(url: string, host: string): SigmaEvent {
  const port = /^[a-z][\w+.-]*:\/\/(?:[^/@]*@)?(?:\[[^\]]*\]|[^/:?#]*):(\d{1,5})/i.exec(url)?.[1];
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  const byScheme = scheme === 'https' ? 443 : scheme === 'http' ? 80 : scheme === 'ftp' ? 21 : undefined;
  const address = /^\d{1,3}(?:\.\d{1,3}){3}$|:/.test(host) ? { DestinationIp: host.replace(/^\[|\]$/g, '') } : {};
  const destinationPort = port ? Number(port) : byScheme;
  return { ...address, ...(destinationPort ? { DestinationPort: destinationPort } : {}) };
}

// The account a process ran as, which the programs it starts inherit (Sysmon's User, IntegrityLevel, LogonId).
const ACCOUNT_FIELDS = ['User', 'IntegrityLevel', 'LogonId'] as const;

/**
 * The events of a command line given the process that ran it: that process, each program it started (a wrapper's
 * `cmd /c`, `start`, `for … do`), and what the programs did besides starting (the registry values they set or
 * deleted, the services they installed, the hosts they reached and files they wrote; each text once: a wrapper's
 * line holds its programs' lines).
 */
function lineEvents(executed: string, runs: readonly ProgramRun[], outer: SigmaEvent, windows: boolean): SigmaEvent[] {
  const account = Object.fromEntries(ACCOUNT_FIELDS.filter((field) => outer[field] !== undefined).map((field) => [field, outer[field]]));
  // What `wmic process call create` starts is WmiPrvSE's child, not wmic's (relayed-execution.ts records it so).
  const relays = /[\\/]wmic\.exe$/i.test(String(outer['Image']));
  // A line of PowerShell code is already powershell.exe's own (outer).
  const powershell = /[\\/](?:powershell|pwsh)\.exe$/i.test(String(outer['Image']));
  const inner: SigmaEvent[] = runs
    .filter((run) => (run.commandLine !== executed || (run.viaPowerShell && !powershell)) && !relays)
    .map((run) => ({
      ...processEventOn(windows, run.viaPowerShell ? `powershell.exe ${run.commandLine}` : run.commandLine, null),
      CommandLine: run.commandLine,
      ParentImage: outer['Image'] as string,
      ParentCommandLine: outer['CommandLine'] as string,
      ...account,
      ...(account['User'] ? { ParentUser: account['User'] } : {}),
    }));
  const texts = runs.length > 0 ? [...new Set(runs.map((run) => run.commandLine))] : [executed];
  const imageFor = (text: string) => (inner.find((event) => event['CommandLine'] === text) ?? outer)['Image'] as string;
  return [
    outer,
    ...inner,
    // What a launcher among them starts as its own child (conhost, forfiles, pcalua, rundll32's launching entry points).
    ...(windows ? [outer, ...inner].flatMap(launchedChildren) : []),
    ...commandSideEffects(executed, windows),
    ...(windows ? fileDeletions(commandFacts(executed, { platform: 'windows' })) : []),
    ...texts.flatMap((text) => ioEffects(text, imageFor(text), windows)),
    // PowerShell's decoded `-EncodedCommand` reaches and writes what its code says, as PowerShell.
    ...(windows ? texts.flatMap((text) => encodedCodeEffects(text, imageFor(text))) : []),
  ];
}

const ENCODED_POWERSHELL = /(?:^|[\\/\s"'])(?:powershell|pwsh)(?:\.exe)?["']?\s(?:.*\s)?-e(?:c|n|nc|nco|ncod|ncode|ncoded|ncodedc\w*)?\s/i;

function encodedCodeEffects(text: string, image: string): SigmaEvent[] {
  if (!ENCODED_POWERSHELL.test(text)) return [];
  const code = scriptBlockCode(text);
  return code ? ioEffects(code, image, true) : [];
}

/** What a process another component started does besides starting (its programs, registry writes, downloads). */
function relayedEffects(event: SigmaEvent): SigmaEvent[] {
  const line = executedLine(event['CommandLine'] as string);
  return lineEvents(line, programRuns(line, true), event, true).slice(1);
}

/** Another component's start of a service's binary or a task's action, with what it does, and PowerShell's records of it. */
function startedByWindows(started: readonly SigmaEvent[]): SigmaEvent[] {
  const events = [...started, ...started.filter(isRelayed).flatMap(relayedEffects)];
  return [...events, ...powershellLogs(events), ...defenderLog(events)];
}

/** A process another Windows component started for a command line (see relayed-execution.ts). */
function isRelayed(event: SigmaEvent): boolean {
  return event['EventID'] === 1 && typeof event['CommandLine'] === 'string' && RELAY_HOSTS.has(String(event['ParentImage']).toLowerCase());
}

/**
 * A key set with no value named: the write may be the key's unnamed value, which Sysmon records as `<key>\(Default)`
 * (a `shell\open\command`, `InprocServer32` or `SafeBoot\…\<service>` key holds its data there, and an article
 * quoting `…\(Default)` has the suffix cut from the key). The key's own event stays for rules on the key.
 */
function defaultValueOf(event: SigmaEvent, attributes: NonNullable<ObservableLike['attributes']>): SigmaEvent[] {
  const target = String(event['TargetObject'] ?? '');
  if (event['EventID'] !== 13 || text(attributes.value_name) || /\\\(Default\)$/i.test(target)) return [];
  return [{ ...event, TargetObject: `${target}\\(Default)` }];
}

// A program the article quotes more often than this ran several times: which run started the child is not said.
const MOST_PARENT_LINES = 2;

/**
 * A pair's events again with the parent's own command line, when the article quotes the parent program named bare
 * (`wscript.exe` → `powershell.exe`, and `wscript.exe C:\…\Temp\update.js` among its lines): Sysmon logs the
 * parent's line as the child's ParentCommandLine, which rules on "a script host's child" or "an encoded launcher's
 * child" read. The events with the bare name stay, since the run that started the child may be one the article
 * did not quote.
 */
function withParentLines(events: SigmaEvent[], parent: string | null, commandLinesOf: ReadonlyMap<string, string[]>): SigmaEvent[] {
  // A parent stated with its arguments already is its line.
  if (!parent || !/^[^\s]+$|\.(?:exe|com)["']?$/i.test(parent.trim())) return events;
  const lines = [...new Set(commandLinesOf.get(bareName(parent)) ?? [])];
  if (lines.length === 0 || lines.length > MOST_PARENT_LINES) return events;
  return [...events, ...lines.flatMap((line) => events.map((event) => ({ ...event, ParentCommandLine: line })))];
}

const SYSTEM_PARENTS = /^(?:services|psexesvc|paexec|remcomsvc|csexecsvc)$/;

const HIVES: Record<string, string> = {
  HKEY_LOCAL_MACHINE: 'HKLM',
  HKEY_CURRENT_USER: 'HKCU',
  HKEY_USERS: 'HKU',
  HKEY_CLASSES_ROOT: 'HKCR',
  HKEY_CURRENT_CONFIG: 'HKCC',
};

function registryEvent(
  value: string,
  attributes: NonNullable<ObservableLike['attributes']>,
  commandLines: readonly string[],
  pasted: ReadonlySet<string>,
): SigmaEvent {
  let key = value.replace(/^(HKEY_[A-Z_]+)/i, (hive) => HIVES[hive.toUpperCase()] ?? hive);
  // Sysmon writes the current user's hive as HKU\<SID>.
  key = key.replace(/^HKCU\\/i, 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001\\');
  // A key quoted without its hive still lives under one: Sysmon always writes the full path.
  if (!/^HK[A-Z_]*\\/i.test(key)) key = `HKLM\\${key.replace(/^\\+/, '')}`;
  const valueName = text(attributes.value_name);
  const targetObject = valueName && !key.toLowerCase().endsWith(`\\${valueName.toLowerCase()}`) ? `${key}\\${valueName}` : key;
  // A key the article's commands only delete was removed, not set: Sysmon records the deletion.
  if (onlyDeleted(commandLines, value, valueName ?? undefined))
    return {
      EventID: 12,
      EventType: valueName ? 'DeleteValue' : 'DeleteKey',
      TargetObject: targetObject,
      Image: 'C:\\Windows\\System32\\reg.exe',
    };
  // The data the article's own reg add / Set-ItemProperty wrote, as Sysmon records it, when the item does not carry it.
  const written = writtenData(commandLines, value, valueName ?? undefined);
  // The item's own value_data is the data as the article wrote it (4, 0x4): Sysmon writes DWORD (0x00000004).
  const write =
    written ?? statedWrite(text(attributes.value_data) ?? text(attributes.data) ?? undefined, text(attributes.value_type) ?? undefined);
  // The Run dialog's history keeps the pasted command itself, as explorer.exe writes it (a letter's value, the line and `\1`).
  const line = !write && isRunDialogHistory(value) ? [...pasted][0] : undefined;
  if (line) return runDialogEntry(line, valueName ?? 'a');
  const details = write ? sysmonRendering(write) : '';
  return { EventID: 13, EventType: 'SetValue', TargetObject: targetObject, Details: details, Image: 'C:\\Windows\\System32\\reg.exe' };
}
