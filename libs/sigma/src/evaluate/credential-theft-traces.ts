import type { CommandFacts, Invocation } from '@huntforge/observables';
import { recordedPath } from './command-io-effects';
import type { SigmaEvent } from './event-fields';
import { imageOf } from './process-event';

/**
 * What credential theft leaves on the domain controller and on disk, read from the tool's own command line:
 * - DCSync (Mimikatz `lsadump::dcsync`, Impacket's secretsdump against a remote host) asks the DC for directory
 *   replication: Security 4662 with the replication rights' GUIDs;
 * - Kerberoasting (`Rubeus kerberoast`, `Invoke-Kerberoast`, `GetUserSPNs … -request`) asks for RC4 service
 *   tickets: Security 4769 with encryption type 0x17; a Windows tool that talks Kerberos itself (Rubeus asking for
 *   tickets or hashes, Invoke-Kerberoast in PowerShell) connects to the KDC's port 88, which only lsass.exe normally does;
 * - `ntdsutil … ifm … create full <dir>` writes `<dir>\Active Directory\ntds.dit` and the registry hives beside it.
 */
export function credentialTheftTraces(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => [
    ...dcsync(invocation),
    ...kerberoast(invocation),
    ...kdcConnection(invocation),
    ...ntdsMedia(invocation),
  ]);
}

const REPLICATION_RIGHTS = '%%7688\n\t\t{1131f6ad-9c07-11d1-f79f-00c04fc2dcd2}\n\t{19195a5b-6da0-11d0-afd3-00c04fd930c9}';

function dcsync(invocation: Invocation): SigmaEvent[] {
  const secretsdump = /^secretsdump(?:\.py)?$/.test(invocation.name) && !invocation.args.some((word) => /^local$/i.test(word.value));
  if (!secretsdump && !/\blsadump::dcsync\b/i.test(invocation.text)) return [];
  return [
    {
      EventID: 4662,
      Channel: 'Security',
      SubjectUserName: 'user',
      SubjectDomainName: 'CONTOSO',
      ObjectServer: 'DS',
      AccessMask: '0x100',
      Properties: REPLICATION_RIGHTS,
    },
  ];
}

function kerberoast(invocation: Invocation): SigmaEvent[] {
  const words = invocation.args.map((word) => word.value.toLowerCase());
  const asks =
    (invocation.name === 'rubeus' && words.includes('kerberoast')) ||
    invocation.name === 'invoke-kerberoast' ||
    (/^getuserspns(?:\.py)?$/.test(invocation.name) && words.includes('-request'));
  if (!asks) return [];
  return [
    {
      EventID: 4769,
      Channel: 'Security',
      ServiceName: 'svc_sql',
      TargetUserName: 'user@CONTOSO.LOCAL',
      TicketOptions: '0x40810000',
      TicketEncryptionType: '0x17',
      Status: '0x0',
    },
  ];
}

// Rubeus's commands that ask the KDC (the others forge, import or describe tickets offline).
const RUBEUS_KDC_VERBS = new Set([
  'kerberoast',
  'asreproast',
  'asktgt',
  'asktgs',
  's4u',
  'tgtdeleg',
  'brute',
  'spray',
  'renew',
  'preauthscan',
]);

function kdcConnection(invocation: Invocation): SigmaEvent[] {
  const asks =
    (invocation.name === 'rubeus' && invocation.args.some((word) => RUBEUS_KDC_VERBS.has(word.value.toLowerCase()))) ||
    invocation.name === 'invoke-kerberoast';
  if (!asks) return [];
  const image = invocation.name === 'invoke-kerberoast' ? POWERSHELL : imageOf(invocation.text, true);
  return [
    {
      EventID: 3,
      Image: image,
      Initiated: 'true',
      DestinationIp: '10.0.0.5',
      DestinationHostname: 'dc01.contoso.local',
      DestinationPort: 88,
    },
  ];
}

const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';

function ntdsMedia(invocation: Invocation): SigmaEvent[] {
  if (invocation.name !== 'ntdsutil') return [];
  const words = invocation.args.map((word) => word.value);
  if (!words.some((word) => /\bifm\b/i.test(word))) return [];
  // `create full <dir>` as one quoted word or as separate words.
  const joined = words.join(' ');
  const folder = /\bcreate\s+(?:sysvol\s+)?(?:full|rodc)\s+("[^"]+"|\S+)/i.exec(joined)?.[1];
  const path = folder ? recordedPath(folder, true) : null;
  if (!path) return [];
  const image = imageOf(invocation.text, true);
  return ['Active Directory\\ntds.dit', 'registry\\SYSTEM', 'registry\\SECURITY'].map((file) => ({
    EventID: 11,
    Image: image,
    TargetFilename: `${path.replace(/\\$/, '')}\\${file}`,
  }));
}
