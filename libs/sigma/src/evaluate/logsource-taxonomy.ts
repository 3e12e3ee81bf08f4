/**
 * The Sigma taxonomy's log sources as the events that carry them: which Windows channel is which
 * `service`, which channel and event id is which generic `category`, and, where a category is also
 * written by another log (process creation in the Security log's 4688), how that log names the
 * taxonomy's fields. Taken from the taxonomy appendix of the Sigma specification and the logsource
 * conditions SigmaHQ's own regression runner uses.
 */

export const SYSMON_CHANNEL = 'Microsoft-Windows-Sysmon/Operational';
export const LINUX_SYSMON_CHANNEL = 'Linux-Sysmon/Operational';

/** Windows channel (lower case) → the `service` names it carries. */
export const WINDOWS_SERVICES: Readonly<Record<string, readonly string[]>> = {
  security: ['security'],
  system: ['system'],
  application: ['application'],
  'microsoft-windows-sysmon/operational': ['sysmon'],
  'microsoft-windows-powershell/operational': ['powershell'],
  'powershellcore/operational': ['powershell'],
  'windows powershell': ['powershell-classic'],
  'microsoft-windows-taskscheduler/operational': ['taskscheduler'],
  'microsoft-windows-wmi-activity/operational': ['wmi'],
  'microsoft-windows-windows defender/operational': ['windefend'],
  'microsoft-windows-windows firewall with advanced security/firewall': ['firewall-as'],
  'microsoft-windows-bits-client/operational': ['bits-client'],
  'microsoft-windows-codeintegrity/operational': ['codeintegrity-operational'],
  'microsoft-windows-dhcp-server/operational': ['dhcp'],
  'microsoft-windows-diagnosis-scripted/operational': ['diagnosis-scripted'],
  'dns server': ['dns-server'],
  'microsoft-windows-dns-server/audit': ['dns-server-audit'],
  'microsoft-windows-dns-server/analytical': ['dns-server-analytic'],
  'microsoft-windows-dns client events/operational': ['dns-client'],
  'microsoft-windows-driverframeworks-usermode/operational': ['driver-framework'],
  'microsoft-windows-ldap-client/debug': ['ldap_debug', 'ldap'],
  'microsoft-servicebus-client': ['microsoft-servicebus-client'],
  'msexchange management': ['msexchange-management'],
  'microsoft-windows-ntlm/operational': ['ntlm'],
  'openssh/operational': ['openssh'],
  'microsoft-windows-printservice/admin': ['printservice-admin'],
  'microsoft-windows-printservice/operational': ['printservice-operational'],
  'microsoft-windows-security-mitigations/kernel mode': ['security-mitigations'],
  'microsoft-windows-security-mitigations/user mode': ['security-mitigations'],
  'microsoft-windows-smbclient/security': ['smbclient-security'],
  'microsoft-windows-smbclient/connectivity': ['smbclient-connectivity'],
  'microsoft-windows-smbserver/connectivity': ['smbserver-connectivity'],
  'microsoft-windows-shell-core/operational': ['shell-core'],
  'microsoft-windows-terminalservices-localsessionmanager/operational': ['terminalservices-localsessionmanager'],
  'microsoft-windows-applocker/msi and script': ['applocker'],
  'microsoft-windows-applocker/exe and dll': ['applocker'],
  'microsoft-windows-applocker/packaged app-deployment': ['applocker'],
  'microsoft-windows-applocker/packaged app-execution': ['applocker'],
  'microsoft-windows-bitlocker/bitlocker management': ['bitlocker'],
  'microsoft-windows-vhdmp/operational': ['vhdmp'],
  'microsoft-windows-appxdeploymentserver/operational': ['appxdeployment-server'],
  'microsoft-windows-appxpackaging/operational': ['appxpackaging-om'],
  'microsoft-windows-appmodel-runtime/admin': ['appmodel-runtime'],
  'microsoft-windows-lsa/operational': ['lsa-server'],
  'microsoft-windows-capi2/operational': ['capi2'],
  'microsoft-windows-certificateservicesclient-lifecycle-system/operational': ['certificateservicesclient-lifecycle-system'],
  'microsoft-windows-kernel-shimengine/operational': ['kernel-shimengine'],
  'microsoft-windows-kernel-shimengine/diagnostic': ['kernel-shimengine'],
  'microsoft-windows-application-experience/program-telemetry': ['application-experience'],
  'microsoft-windows-application-experience/program-compatibility-assistant': ['application-experience'],
  'microsoft-windows-ntfs/operational': ['ntfs'],
  'microsoft-windows-hyper-v-worker-admin': ['hyper-v-worker'],
  'microsoft-windows-iis-configuration/operational': ['iis-configuration'],
  'microsoft-windows-iis-configuration/administrative': ['iis-configuration'],
};

/** Sysmon event id → the generic categories it carries (Windows and Linux alike). */
export const SYSMON_CATEGORIES: Readonly<Record<number, readonly string[]>> = {
  1: ['process_creation'],
  2: ['file_change'],
  3: ['network_connection'],
  4: ['sysmon_status'],
  5: ['process_termination'],
  6: ['driver_load'],
  7: ['image_load'],
  8: ['create_remote_thread'],
  9: ['raw_access_thread'],
  10: ['process_access'],
  11: ['file_event'],
  12: ['registry_event', 'registry_add', 'registry_delete'],
  13: ['registry_event', 'registry_set'],
  14: ['registry_event', 'registry_rename'],
  15: ['create_stream_hash'],
  16: ['sysmon_status'],
  17: ['pipe_created'],
  18: ['pipe_created'],
  19: ['wmi_event'],
  20: ['wmi_event'],
  21: ['wmi_event'],
  22: ['dns_query'],
  23: ['file_delete'],
  24: ['clipboard_capture'],
  25: ['process_tampering'],
  26: ['file_delete', 'file_delete_detected'],
  27: ['file_block_executable'],
  28: ['file_block_shredding'],
  29: ['file_executable_detected'],
  255: ['sysmon_error'],
};

/** A log other than Sysmon that carries a generic category, and how it names the taxonomy's fields. */
export interface CategoryVariant {
  /** Stable name: rules are compiled once per variant whose field names they use. */
  id: string;
  channel: string;
  eventIds: readonly number[];
  categories: readonly string[];
  /** Taxonomy field → the field of this log. */
  fields: Readonly<Record<string, string>>;
}

export const CATEGORY_VARIANTS: readonly CategoryVariant[] = [
  {
    id: 'security-4688',
    channel: 'security',
    eventIds: [4688],
    categories: ['process_creation'],
    fields: { Image: 'NewProcessName', ParentImage: 'ParentProcessName' },
  },
  {
    id: 'security-4657',
    channel: 'security',
    eventIds: [4657],
    categories: ['registry_event', 'registry_set'],
    fields: { TargetObject: 'ObjectName', Details: 'NewValue', Image: 'ProcessName' },
  },
  {
    id: 'security-5156',
    channel: 'security',
    eventIds: [5156],
    categories: ['network_connection'],
    fields: { Image: 'Application', DestinationIp: 'DestAddress', DestinationPort: 'DestPort', SourceIp: 'SourceAddress' },
  },
  {
    id: 'windefend-antivirus',
    channel: 'microsoft-windows-windows defender/operational',
    eventIds: [1006, 1007, 1008, 1009, 1010, 1011, 1012, 1017, 1018, 1019, 1115, 1116],
    categories: ['antivirus'],
    fields: { Signature: 'ThreatName', Filename: 'Path' },
  },
];

/** PowerShell's categories: (channel, event id) → category. */
export const POWERSHELL_CATEGORIES: ReadonlyArray<{ channels: readonly string[]; eventId: number; category: string }> = [
  { channels: ['microsoft-windows-powershell/operational', 'powershellcore/operational'], eventId: 4103, category: 'ps_module' },
  { channels: ['microsoft-windows-powershell/operational', 'powershellcore/operational'], eventId: 4104, category: 'ps_script' },
  { channels: ['windows powershell'], eventId: 400, category: 'ps_classic_start' },
  { channels: ['windows powershell'], eventId: 600, category: 'ps_classic_provider_start' },
  { channels: ['windows powershell'], eventId: 800, category: 'ps_classic_script' },
];
