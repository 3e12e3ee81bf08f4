import { logsourceIs, pipelineOf, registerPipelines } from './registry';

/**
 * Windows log sources as channels and event ids (pySigma-pipeline-windows): `windows-logsources`
 * adds the Channel of a Windows service, `windows-audit` maps generic categories to Security audit
 * events (4688 for process creation, 4657 for registry) with their field names.
 */
export const WINDOWS_SERVICE_CHANNELS: Record<string, string | string[]> = {
  application: 'Application',
  security: 'Security',
  system: 'System',
  sysmon: 'Microsoft-Windows-Sysmon/Operational',
  powershell: 'Microsoft-Windows-PowerShell/Operational',
  'powershell-classic': 'Windows PowerShell',
  'dns-server': 'DNS Server',
  'driver-framework': 'Microsoft-Windows-DriverFrameworks-UserMode/Operational',
  dhcp: 'Microsoft-Windows-DHCP-Server/Operational',
  ntlm: 'Microsoft-Windows-NTLM/Operational',
  windefend: 'Microsoft-Windows-Windows Defender/Operational',
  'printservice-admin': 'Microsoft-Windows-PrintService/Admin',
  'printservice-operational': 'Microsoft-Windows-PrintService/Operational',
  'smbclient-security': 'Microsoft-Windows-SmbClient/Security',
  applocker: [
    'Microsoft-Windows-AppLocker/MSI and Script',
    'Microsoft-Windows-AppLocker/EXE and DLL',
    'Microsoft-Windows-AppLocker/Packaged app-Deployment',
    'Microsoft-Windows-AppLocker/Packaged app-Execution',
  ],
  'msexchange-management': 'MSExchange Management',
  'microsoft-servicebus-client': 'Microsoft-ServiceBus-Client',
  ldap_debug: 'Microsoft-Windows-LDAP-Client/Debug',
  taskscheduler: 'Microsoft-Windows-TaskScheduler/Operational',
  wmi: 'Microsoft-Windows-WMI-Activity/Operational',
  'codeintegrity-operational': 'Microsoft-Windows-CodeIntegrity/Operational',
  'firewall-as': 'Microsoft-Windows-Windows Firewall With Advanced Security/Firewall',
  'bits-client': 'Microsoft-Windows-Bits-Client/Operational',
};

export const WINDOWS_CATEGORY_EVENTS: Record<string, { service: string; EventID: number }> = {
  ps_module: { service: 'powershell', EventID: 4103 },
  ps_script: { service: 'powershell', EventID: 4104 },
  ps_classic_start: { service: 'powershell-classic', EventID: 400 },
  ps_classic_provider_start: { service: 'powershell-classic', EventID: 600 },
  ps_classic_script: { service: 'powershell-classic', EventID: 800 },
};

const AUDIT_EVENTS: Record<string, Record<string, unknown>> = {
  process_creation: { EventID: 4688 },
  registry_event: {
    EventID: 4657,
    OperationType: ['New registry value created', 'Existing registry value modified', 'Registry value deleted'],
  },
  registry_set: { EventID: 4657, OperationType: 'Existing registry value modified' },
  registry_add: { EventID: 4657, OperationType: 'New registry value created' },
  registry_delete: { EventID: 4657, OperationType: 'Registry value deleted' },
};

const AUDIT_UNSUPPORTED_CATEGORIES: Record<string, string> = {
  registry_rename: 'Windows Security event 4657 does not log registry key or value renames',
};

const PROCESS_CREATION_UNSUPPORTED_FIELDS = [
  'OriginalFileName',
  'Description',
  'Product',
  'Company',
  'FileVersion',
  'Hashes',
  'md5',
  'sha1',
  'sha256',
  'Imphash',
  'CurrentDirectory',
  'ParentCommandLine',
  'User',
  'ParentUser',
  'ProcessId',
  'ParentProcessId',
  'ProcessGuid',
  'ParentProcessGuid',
  'LogonGuid',
  'TerminalSessionId',
];

const INTEGRITY_LEVEL_SIDS = {
  Untrusted: 'S-1-16-0',
  Low: 'S-1-16-4096',
  Medium: 'S-1-16-8192',
  High: 'S-1-16-12288',
  System: 'S-1-16-16384',
};
const REGISTRY_CATEGORIES = ['registry_event', 'registry_set', 'registry_add', 'registry_delete'];
const REGISTRY_UNSUPPORTED_FIELDS = ['EventType', 'NewName', 'User'];

export const windowsLogsourcePipeline = () =>
  pipelineOf({
    name: 'Add Channel condition for Windows log sources',
    priority: 10,
    transformations: [
      ...Object.entries(WINDOWS_CATEGORY_EVENTS).flatMap(([category, info]) => [
        {
          id: `windows_${category}_channel`,
          type: 'add_condition',
          conditions: { EventID: info.EventID },
          rule_conditions: logsourceIs({ category, product: 'windows' }),
        },
        {
          id: `windows_${category}_logsource`,
          type: 'change_logsource',
          product: 'windows',
          service: info.service,
          category,
          rule_conditions: logsourceIs({ category, product: 'windows' }),
        },
      ]),
      ...Object.entries(WINDOWS_SERVICE_CHANNELS).flatMap(([service, channel]) => [
        {
          id: `windows_${service}_channel`,
          type: 'add_condition',
          conditions: { Channel: channel },
          rule_conditions: logsourceIs({ service, product: 'windows' }),
        },
        {
          id: `windows_${service}_logsource`,
          type: 'change_logsource',
          product: 'windows',
          service,
          rule_conditions: logsourceIs({ service, product: 'windows' }),
        },
      ]),
    ],
  });

const appliedAny = (ids: string[]) => ({
  rule_cond_op: 'or',
  rule_conditions: ids.map((id) => ({ type: 'processing_item_applied', processing_item_id: id })),
});

export const windowsAuditPipeline = () =>
  pipelineOf({
    name: 'Map generic log sources to Windows audit logs',
    priority: 10,
    transformations: [
      ...Object.entries(AUDIT_UNSUPPORTED_CATEGORIES).map(([category, reason]) => ({
        id: `windows_${category}_unsupported`,
        type: 'rule_failure',
        message: `windows-audit: ${reason}`,
        rule_conditions: logsourceIs({ category, product: 'windows' }),
      })),
      ...Object.entries(AUDIT_EVENTS).flatMap(([category, conditions]) => [
        {
          id: `windows_${category}_condition`,
          type: 'add_condition',
          conditions,
          rule_conditions: logsourceIs({ category, product: 'windows' }),
        },
        {
          id: `windows_${category}_logsource`,
          type: 'change_logsource',
          product: 'windows',
          service: 'security',
          rule_conditions: logsourceIs({ category, product: 'windows' }),
        },
      ]),
      ...PROCESS_CREATION_UNSUPPORTED_FIELDS.map((field) => ({
        id: `windows_audit_process_creation_unsupported_${field}`,
        type: 'detection_item_failure',
        message: `windows-audit: field '${field}' has no equivalent in Windows Security event 4688`,
        field_name_conditions: [{ type: 'include_fields', fields: [field] }],
        ...appliedAny(['windows_process_creation_logsource']),
      })),
      {
        id: 'windows_audit_process_creation_integrity_level_values',
        type: 'map_string',
        mapping: INTEGRITY_LEVEL_SIDS,
        field_name_conditions: [{ type: 'include_fields', fields: ['IntegrityLevel'] }],
        ...appliedAny(['windows_process_creation_logsource']),
      },
      {
        id: 'windows_audit_process_creation_fieldmappings',
        type: 'field_name_mapping',
        mapping: { IntegrityLevel: 'MandatoryLabel' },
        ...appliedAny(['windows_process_creation_logsource']),
      },
      {
        id: 'windows_audit_registry_unsupported_fields',
        type: 'detection_item_failure',
        message: `windows-audit: fields ${REGISTRY_UNSUPPORTED_FIELDS.join(', ')} have no equivalent in Windows Security event 4657`,
        field_name_conditions: [{ type: 'include_fields', fields: REGISTRY_UNSUPPORTED_FIELDS }],
        ...appliedAny(REGISTRY_CATEGORIES.map((category) => `windows_${category}_logsource`)),
      },
      {
        id: 'windows_audit_registry_fieldmappings',
        type: 'field_name_mapping',
        mapping: { Image: 'ProcessName', TargetObject: 'ObjectName' },
        ...appliedAny(REGISTRY_CATEGORIES.map((category) => `windows_${category}_logsource`)),
      },
      {
        id: 'windows_audit_fieldmappings',
        type: 'field_name_mapping',
        mapping: { Image: 'NewProcessName', ParentImage: 'ParentProcessName', Details: 'NewValue', LogonId: 'SubjectLogonId' },
        rule_conditions: logsourceIs({ product: 'windows', service: 'security' }),
      },
    ],
  });

registerPipelines({ 'windows-logsources': windowsLogsourcePipeline, 'windows-audit': windowsAuditPipeline });
