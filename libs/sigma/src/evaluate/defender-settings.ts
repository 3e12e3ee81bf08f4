import type { CommandFacts } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

const DEFENDER_KEY = 'HKLM\\SOFTWARE\\Microsoft\\Windows Defender';
const DEFENDER_ENGINE = 'C:\\ProgramData\\Microsoft\\Windows Defender\\Platform\\4.18.24090.11-0\\MsMpEng.exe';

// Set-MpPreference parameters (and their aliases) -> the value Defender keeps the preference in.
const PREFERENCES: Record<string, string> = {
  disablerealtimemonitoring: 'Real-Time Protection\\DisableRealtimeMonitoring',
  drtm: 'Real-Time Protection\\DisableRealtimeMonitoring',
  disablebehaviormonitoring: 'Real-Time Protection\\DisableBehaviorMonitoring',
  dbm: 'Real-Time Protection\\DisableBehaviorMonitoring',
  disableioavprotection: 'Real-Time Protection\\DisableIOAVProtection',
  dioavp: 'Real-Time Protection\\DisableIOAVProtection',
  disablescriptscanning: 'Real-Time Protection\\DisableScriptScanning',
  dscrptsc: 'Real-Time Protection\\DisableScriptScanning',
  disableintrusionpreventionsystem: 'Real-Time Protection\\DisableIntrusionPreventionSystem',
  dips: 'Real-Time Protection\\DisableIntrusionPreventionSystem',
  disablearchivescanning: 'Scan\\DisableArchiveScanning',
  disableremovabledrivescanning: 'Scan\\DisableRemovableDriveScanning',
  disablescanningmappednetworkdrivesforfullscan: 'Scan\\DisableScanningMappedNetworkDrivesForFullScan',
  disablescanningnetworkfiles: 'Scan\\DisableScanningNetworkFiles',
  disableblockatfirstseen: 'SpyNet\\DisableBlockAtFirstSeen',
  dbaf: 'SpyNet\\DisableBlockAtFirstSeen',
  mapsreporting: 'SpyNet\\SpyNetReporting',
  submitsamplesconsent: 'SpyNet\\SubmitSamplesConsent',
  puaprotection: 'PUAProtection',
};

const EXCLUSIONS: Record<string, string> = {
  exclusionpath: 'Paths',
  exclusionprocess: 'Processes',
  exclusionextension: 'Extensions',
  exclusionipaddress: 'IpAddresses',
};

/** A preference's value as Defender stores it (a DWORD): `$true` 1, `$false` 0, `enabled`/`disabled`, a number. */
function dword(value: string): number | null {
  const text = value
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (/^\$?true$|^enabled?$/.test(text)) return 1;
  if (/^\$?false$|^disabled?$/.test(text)) return 0;
  if (/^(?:\d+|0x[\da-f]+)$/.test(text)) return Number(text);
  if (text === 'auditmode') return 2;
  return null;
}

const rendering = (data: number) => `DWORD (0x${data.toString(16).padStart(8, '0')})`;

/**
 * `Set-MpPreference -<Preference> <value>` and `Add-MpPreference -Exclusion<Kind> <items>` change Defender's settings
 * through its WMI provider, which writes them to Defender's registry key (Sysmon 13 by the engine): the same values
 * `reg add` would set.
 */
export function defenderPreferenceWrites(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation): SigmaEvent[] => {
    if (invocation.name !== 'set-mppreference' && invocation.name !== 'add-mppreference') return [];
    return invocation.switches.flatMap((s): SigmaEvent[] => {
      const name = s.name.replace(/^-/, '');
      const value = s.value?.value;
      if (value === undefined) return [];
      const kind = EXCLUSIONS[name];
      if (kind)
        return value
          .split(',')
          .map((item) => item.trim().replace(/^["']|["']$/g, ''))
          .filter((item) => item !== '' && !item.startsWith('$'))
          .map((item) => setValue(`${DEFENDER_KEY}\\Exclusions\\${kind}\\${item}`, 0));
      const path = PREFERENCES[name];
      const data = path ? dword(value) : null;
      return path && data !== null ? [setValue(`${DEFENDER_KEY}\\${path}`, data)] : [];
    });
  });
}

const setValue = (targetObject: string, data: number): SigmaEvent => ({
  EventID: 13,
  EventType: 'SetValue',
  TargetObject: targetObject,
  Details: rendering(data),
  Image: DEFENDER_ENGINE,
});

/**
 * Defender's own log of a change to its settings (Microsoft-Windows-Windows Defender/Operational): 5007 with the
 * new value as `<key>\<value> = 0x<data>`, and the state events a few changes cause (5001 real-time protection
 * disabled, 5010 malware scanning disabled, 5012 virus scanning disabled), for each value a registry event sets
 * under a Defender key (its policy key included).
 */
export function defenderLog(events: readonly SigmaEvent[]): SigmaEvent[] {
  return events.flatMap((event): SigmaEvent[] => {
    const target = event['TargetObject'];
    if (event['EventID'] !== 13 || typeof target !== 'string' || !/\\Microsoft\\Windows Defender\\/i.test(target)) return [];
    const details = String(event['Details'] ?? '');
    const dwordData = /^DWORD \((0x[\da-f]+)\)$/i.exec(details)?.[1];
    const data = dwordData ? `0x${Number(dwordData).toString(16)}` : details;
    const newValue = `${target.replace(/^HKLM\\/i, 'HKLM\\')} = ${data}`;
    const on = dwordData !== undefined && Number(dwordData) === 1;
    const state = (id: number): SigmaEvent[] => (on ? [{ EventID: id, Channel: DEFENDER_CHANNEL }] : []);
    const name = target.split('\\').pop()?.toLowerCase();
    return [
      { EventID: 5007, Channel: DEFENDER_CHANNEL, NewValue: newValue, OldValue: '' },
      ...(name === 'disablerealtimemonitoring' ? state(5001) : []),
      ...(name === 'disableantispyware' ? state(5010) : []),
      ...(name === 'disableantivirus' ? state(5012) : []),
    ];
  });
}

const DEFENDER_CHANNEL = 'Microsoft-Windows-Windows Defender/Operational';
