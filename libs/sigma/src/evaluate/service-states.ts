import type { CommandFacts } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

/**
 * What the Service Control Manager records when a command stops a Windows service or changes how it starts
 * (`sc stop|config`, `net stop`, `Stop-Service`, `Set-Service -StartupType`): the System log's 7036 (the service
 * entered the stopped state) and 7040 (its start type changed), naming the service by its display name as the SCM
 * does, and the `Start` value services.exe writes under the service's key (Sysmon 13).
 */
export function serviceStates(facts: CommandFacts): SigmaEvent[] {
  return facts.services.flatMap((service): SigmaEvent[] => {
    if (!WINDOWS_MANAGERS.has(service.manager) || !service.name || /^[$%]/.test(service.name)) return [];
    const display = DISPLAY_NAMES[service.name.toLowerCase()] ?? service.name;
    if (service.action === 'stop') return [stateChanged(display, 'stopped')];
    const start = START_TYPES[(service.startType ?? '').toLowerCase()];
    if (service.action !== 'config' || !start) return [];
    return [
      {
        EventID: 7040,
        Provider_Name: 'Service Control Manager',
        Channel: 'System',
        param1: display,
        param2: 'auto start',
        param3: start.label,
        param4: service.name,
      },
      {
        EventID: 13,
        EventType: 'SetValue',
        TargetObject: `HKLM\\System\\CurrentControlSet\\Services\\${service.name}\\Start`,
        Details: `DWORD (0x0000000${start.value})`,
        Image: 'C:\\Windows\\System32\\services.exe',
      },
    ];
  });
}

const WINDOWS_MANAGERS = new Set(['sc', 'net', 'powershell']);

function stateChanged(display: string, state: string): SigmaEvent {
  return { EventID: 7036, Provider_Name: 'Service Control Manager', Channel: 'System', param1: display, param2: state };
}

// The start types as sc and Set-Service write them, with the SCM's wording and the registry's Start value.
const START_TYPES: Record<string, { label: string; value: number }> = {
  disabled: { label: 'disabled', value: 4 },
  demand: { label: 'demand start', value: 3 },
  manual: { label: 'demand start', value: 3 },
  auto: { label: 'auto start', value: 2 },
  automatic: { label: 'auto start', value: 2 },
  boot: { label: 'boot start', value: 0 },
  system: { label: 'system start', value: 1 },
};

// The display names the SCM logs for services intruders stop (security tools, backups, logging).
const DISPLAY_NAMES: Record<string, string> = {
  windefend: 'Windows Defender Antivirus Service',
  wdnissvc: 'Windows Defender Antivirus Network Inspection Service',
  sense: 'Windows Defender Advanced Threat Protection Service',
  securityhealthservice: 'Windows Security Service',
  mpssvc: 'Windows Defender Firewall',
  wscsvc: 'Security Center',
  eventlog: 'Windows Event Log',
  vss: 'Volume Shadow Copy',
  swprv: 'Microsoft Software Shadow Copy Provider',
  wbengine: 'Block Level Backup Engine Service',
  wuauserv: 'Windows Update',
  bits: 'Background Intelligent Transfer Service',
  sysmon: 'Sysmon',
  sysmon64: 'Sysmon64',
  termservice: 'Remote Desktop Services',
  spooler: 'Print Spooler',
  remoteregistry: 'Remote Registry',
  winrm: 'Windows Remote Management (WS-Management)',
};
