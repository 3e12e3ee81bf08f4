import type { SigmaEvent } from './event-fields';

const OPERATOR = {
  SubjectUserName: 'user',
  SubjectDomainName: 'CONTOSO',
  SubjectLogonId: '0x4c1b2',
  SubjectUserSid: 'S-1-5-21-1004336348-1177238915-682003330-1001',
};
// What a process access mask lets a handle do, as the Security log lists it (4663's AccessList).
const READ_MEMORY = '%%4484';

/**
 * The fields Windows writes beside the ones the events above were built with, which rules filter or key on:
 * - an image load's signature (Sysmon 7: Signed, SignatureStatus, Signature): Windows' own DLLs are signed by Microsoft,
 *   a DLL anywhere else is taken for the intruder's and unsigned;
 * - a network connection's protocol and source (Sysmon 3: Protocol, SourceIp, SourcePort, SourceIsIpv6, DestinationIsIpv6);
 * - the pipe every PowerShell host creates for itself when it starts (Sysmon 17: `\PSHost.<time>.<pid>.DefaultAppDomain.<host>`);
 * - a handle opened on LSASS, which the Security log records too where kernel object auditing covers lsass.exe (4656
 *   the handle requested with its access mask, 4663 the memory read), naming the process that asked;
 * - where object access auditing covers them (a lab's hosts audit everything), a registry value written (4657: the key
 *   as the kernel names it, the value's name and new data) and a file deleted (4663: DELETE on the file).
 */
export function withRecordDetails(events: readonly SigmaEvent[]): SigmaEvent[] {
  return events.flatMap((event): SigmaEvent[] => {
    switch (event['EventID']) {
      case 7:
        return [{ ...signatureOf(String(event['ImageLoaded'] ?? '')), ...event }];
      case 3:
        if (event['Channel'] !== undefined) return [event];
        return [
          {
            Protocol: 'tcp',
            SourceIp: '10.0.0.10',
            SourcePort: 49712,
            SourceIsIpv6: 'false',
            DestinationIsIpv6: typeof event['DestinationIp'] === 'string' && event['DestinationIp'].includes(':') ? 'true' : 'false',
            ...event,
          },
        ];
      case 1:
        return [event, ...powershellHostPipe(event)];
      case 10:
        return /\\lsass\.exe$/i.test(String(event['TargetImage'] ?? '')) ? [event, ...lsassHandle(event)] : [event];
      case 13:
        return [event, ...registryValueModified(event)];
      case 23:
      case 26:
        return [event, ...fileDeleteAccess(event)];
      default:
        return [event];
    }
  });
}

const POWERSHELL_HOST = /[\\/](powershell|pwsh|powershell_ise)\.exe$/i;

function powershellHostPipe(process: SigmaEvent): SigmaEvent[] {
  const host = POWERSHELL_HOST.exec(String(process['Image'] ?? ''))?.[1]?.toLowerCase();
  if (!host) return [];
  return [
    {
      EventID: 17,
      EventType: 'CreatePipe',
      PipeName: `\\PSHost.134087112345678901.5820.DefaultAppDomain.${host}`,
      Image: process['Image'],
    },
  ];
}

function signatureOf(path: string): SigmaEvent {
  return /^C:\\Windows\\/i.test(path)
    ? { Signed: 'true', SignatureStatus: 'Valid', Signature: 'Microsoft Windows' }
    : { Signed: 'false', SignatureStatus: 'Unavailable', Signature: '-' };
}

function lsassHandle(access: SigmaEvent): SigmaEvent[] {
  const record = {
    Channel: 'Security',
    ...OPERATOR,
    ObjectServer: 'Security',
    ObjectType: 'Process',
    ObjectName: '\\Device\\HarddiskVolume3\\Windows\\System32\\lsass.exe',
    ProcessName: access['SourceImage'],
  };
  return [
    { EventID: 4656, ...record, AccessMask: access['GrantedAccess'] },
    { EventID: 4663, ...record, AccessMask: '0x10', AccessList: READ_MEMORY },
  ];
}

// Hives as the kernel names them in the Security log's object names.
const KERNEL_HIVES: Array<[RegExp, string]> = [
  [/^HKLM\\/i, '\\REGISTRY\\MACHINE\\'],
  [/^HKU\\/i, '\\REGISTRY\\USER\\'],
  [/^HKCR\\/i, '\\REGISTRY\\MACHINE\\SOFTWARE\\Classes\\'],
];

/** A registry path as the Security log names the object (`\REGISTRY\MACHINE\SOFTWARE\…`), or null for another hive. */
export function kernelKeyName(path: string): string | null {
  const hive = KERNEL_HIVES.find(([pattern]) => pattern.test(path));
  return hive ? path.replace(hive[0], hive[1]) : null;
}

function registryValueModified(write: SigmaEvent): SigmaEvent[] {
  const target = String(write['TargetObject'] ?? '');
  const cut = target.lastIndexOf('\\');
  const key = cut > 0 ? kernelKeyName(target.slice(0, cut)) : null;
  if (!key) return [];
  const details = String(write['Details'] ?? '');
  const dword = /^DWORD \((0x[\da-f]+)\)$/i.exec(details)?.[1];
  return [
    {
      EventID: 4657,
      Channel: 'Security',
      ...OPERATOR,
      ObjectName: key,
      ObjectValueName: target.slice(cut + 1),
      OperationType: '%%1905',
      NewValueType: dword ? '%%1876' : '%%1873',
      NewValue: dword ? String(Number(dword)) : details,
      ProcessName: write['Image'],
    },
  ];
}

function fileDeleteAccess(deletion: SigmaEvent): SigmaEvent[] {
  return [
    {
      EventID: 4663,
      Channel: 'Security',
      ...OPERATOR,
      ObjectServer: 'Security',
      ObjectType: 'File',
      ObjectName: deletion['TargetFilename'],
      AccessMask: '0x10000',
      AccessList: '%%1537',
      ProcessName: deletion['Image'],
    },
  ];
}
