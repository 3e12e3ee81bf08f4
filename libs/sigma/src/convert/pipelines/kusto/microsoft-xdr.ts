import { ProcessingPipeline } from '../../../pipeline/pipeline';
import { item, kustoPipeline, onFields, queryTableArg, registryHiveItems, yamlItem, type KustoPipelineDefinition } from './kusto-pipeline';
import { HashFields, ParentImageFileName, RegistryActionTypeValues, SplitDomainUser } from './transformations';

/**
 * Microsoft Defender XDR advanced hunting (pySigma-backend-kusto's `microsoft_xdr`, formerly
 * `microsoft_365_defender`): Sysmon-style fields on the Device* tables.
 */

const XDR_BY_CATEGORY: Record<string, string> = {
  process_creation: 'DeviceProcessEvents',
  image_load: 'DeviceImageLoadEvents',
  file_access: 'DeviceFileEvents',
  file_change: 'DeviceFileEvents',
  file_delete: 'DeviceFileEvents',
  file_event: 'DeviceFileEvents',
  file_rename: 'DeviceFileEvents',
  registry_add: 'DeviceRegistryEvents',
  registry_delete: 'DeviceRegistryEvents',
  registry_event: 'DeviceRegistryEvents',
  registry_set: 'DeviceRegistryEvents',
  network_connection: 'DeviceNetworkEvents',
  create_remote_thread: 'DeviceEvents',
  pipe_created: 'DeviceEvents',
  driver_load: 'DeviceEvents',
};

const XDR_BY_EVENT_KIND: Record<string, string> = {
  process: 'DeviceProcessEvents',
  logon: 'DeviceLogonEvents',
  registry: 'DeviceRegistryEvents',
  file: 'DeviceFileEvents',
  network: 'DeviceNetworkEvents',
  image_load: 'DeviceImageLoadEvents',
  pipe: 'DeviceEvents',
  wmi: 'DeviceEvents',
};

const HASH_FIELDS = { sha1: 'SHA1', sha256: 'SHA256', md5: 'MD5' };

export const MICROSOFT_XDR_FIELD_MAPPINGS = {
  tables: {
    DeviceProcessEvents: {
      ProcessId: 'ProcessId',
      Image: 'FolderPath',
      FileVersion: 'ProcessVersionInfoProductVersion',
      Description: 'ProcessVersionInfoFileDescription',
      Product: 'ProcessVersionInfoProductName',
      Company: 'ProcessVersionInfoCompanyName',
      OriginalFileName: 'ProcessVersionInfoOriginalFileName',
      CommandLine: 'ProcessCommandLine',
      User: 'AccountName',
      LogonId: 'LogonId',
      IntegrityLevel: 'ProcessIntegrityLevel',
      ...HASH_FIELDS,
      ParentProcessId: 'InitiatingProcessId',
      ParentImage: 'InitiatingProcessFolderPath',
      ParentCommandLine: 'InitiatingProcessCommandLine',
      ParentUser: 'InitiatingProcessAccountName',
      GrandParentImage: 'InitiatingProcessParentFileName',
    },
    DeviceImageLoadEvents: {
      ProcessId: 'InitiatingProcessId',
      Image: 'InitiatingProcessFolderPath',
      ImageLoaded: 'FolderPath',
      FileVersion: 'InitiatingProcessVersionInfoProductVersion',
      Description: 'InitiatingProcessVersionInfoFileDescription',
      Product: 'InitiatingProcessVersionInfoProductName',
      Company: 'InitiatingProcessVersionInfoCompanyName',
      OriginalFileName: 'InitiatingProcessVersionInfoOriginalFileName',
      ...HASH_FIELDS,
      User: 'InitiatingProcessAccountName',
    },
    DeviceFileEvents: {
      ProcessId: 'InitiatingProcessId',
      Image: 'InitiatingProcessFolderPath',
      TargetFilename: 'FolderPath',
      User: 'RequestAccountName',
      ...HASH_FIELDS,
      ObjectName: 'FolderPath',
      IntegrityLevel: 'InitiatingProcessIntegrityLevel',
    },
    DeviceNetworkEvents: {
      ProcessId: 'InitiatingProcessId',
      Image: 'InitiatingProcessFolderPath',
      User: 'InitiatingProcessAccountName',
      Protocol: 'Protocol',
      SourceIp: 'LocalIP',
      SourceHostname: 'DeviceName',
      SourcePort: 'LocalPort',
      DestinationIp: 'RemoteIP',
      DestinationHostname: 'RemoteUrl',
      DestinationPort: 'RemotePort',
    },
    DeviceRegistryEvents: {
      EventType: 'ActionType',
      ProcessId: 'InitiatingProcessId',
      Image: 'InitiatingProcessFolderPath',
      TargetObject: 'RegistryKey',
      Details: 'RegistryValueData',
      User: 'InitiatingProcessAccountName',
      ObjectName: 'RegistryKey',
    },
    DeviceEvents: {
      SourceImage: 'InitiatingProcessFolderPath',
      SourceProcessId: 'InitiatingProcessId',
      TargetProcessId: 'ProcessId',
      SourceUser: 'InitiatingProcessAccountName',
      User: 'InitiatingProcessAccountName',
    },
  } as Record<string, Record<string, string>>,
  generic: {
    EventType: 'ActionType',
    User: 'InitiatingProcessAccountName',
    CommandLine: 'InitiatingProcessCommandLine',
    Image: 'InitiatingProcessFolderPath',
    ProcessName: 'InitiatingProcessFolderPath',
    SourceImage: 'InitiatingProcessFolderPath',
    ProcessId: 'InitiatingProcessId',
    md5: 'InitiatingProcessMD5',
    sha1: 'InitiatingProcessSHA1',
    sha256: 'InitiatingProcessSHA256',
    ParentProcessId: 'InitiatingProcessParentId',
    ParentCommandLine: 'InitiatingProcessParentCommandLine',
    Company: 'InitiatingProcessVersionInfoCompanyName',
    Description: 'InitiatingProcessVersionInfoFileDescription',
    OriginalFileName: 'InitiatingProcessVersionInfoOriginalFileName',
    Product: 'InitiatingProcessVersionInfoProductName',
  } as Record<string, string>,
};

/** The columns about the process that caused an event, common to the Device* tables. */
const INITIATING_PROCESS = [
  'AccountDomain',
  'AccountName',
  'AccountSid',
  'AccountUpn',
  'AccountObjectId',
  'LogonId',
  'IntegrityLevel',
  'TokenElevation',
  'SHA1',
  'SHA256',
  'MD5',
  'FileName',
  'FileSize',
  'VersionInfoCompanyName',
  'VersionInfoProductName',
  'VersionInfoProductVersion',
  'VersionInfoInternalFileName',
  'VersionInfoOriginalFileName',
  'VersionInfoFileDescription',
  'Id',
  'CommandLine',
  'CreationTime',
  'FolderPath',
  'ParentId',
  'ParentFileName',
  'ParentCreationTime',
  'SignerType',
  'SignatureStatus',
  'SessionId',
  'UniqueId',
  'RemoteSessionDeviceName',
  'RemoteSessionIP',
  'IsRemoteSession',
].map((column) => `InitiatingProcess${column}`);

const DEVICE = [
  'Timestamp',
  'DeviceId',
  'DeviceName',
  'ActionType',
  'ReportId',
  'AppGuardContainerId',
  'AdditionalFields',
  ...INITIATING_PROCESS,
];
const FILE = ['FileName', 'FolderPath', 'SHA1', 'SHA256', 'MD5', 'FileSize'];
const PROCESS_VERSION = ['CompanyName', 'ProductName', 'ProductVersion', 'InternalFileName', 'OriginalFileName', 'FileDescription'].map(
  (c) => `ProcessVersionInfo${c}`,
);
const ACCOUNT = ['AccountDomain', 'AccountName', 'AccountSid', 'AccountUpn', 'AccountObjectId', 'LogonId'];

/** Columns of the Device* tables (Microsoft's advanced hunting schema reference). */
export const MICROSOFT_XDR_TABLE_FIELDS: Record<string, readonly string[]> = {
  DeviceProcessEvents: [
    ...DEVICE,
    ...FILE,
    ...PROCESS_VERSION,
    ...ACCOUNT,
    'ProcessId',
    'ProcessCommandLine',
    'ProcessIntegrityLevel',
    'ProcessTokenElevation',
    'ProcessCreationTime',
    'ProcessUniqueId',
    'CreatedProcessSessionId',
    'IsProcessRemoteSession',
    'ProcessRemoteSessionDeviceName',
    'ProcessRemoteSessionIP',
  ],
  DeviceImageLoadEvents: [...DEVICE, ...FILE],
  DeviceFileEvents: [
    ...DEVICE,
    ...FILE,
    'FileOriginUrl',
    'FileOriginReferrerUrl',
    'FileOriginIP',
    'PreviousFolderPath',
    'PreviousFileName',
    'RequestProtocol',
    'RequestSourceIP',
    'RequestSourcePort',
    'RequestAccountName',
    'RequestAccountDomain',
    'RequestAccountSid',
    'ShareName',
    'SensitivityLabel',
    'SensitivitySubLabel',
    'IsAzureInfoProtectionApplied',
  ],
  DeviceRegistryEvents: [
    ...DEVICE,
    'RegistryKey',
    'RegistryValueType',
    'RegistryValueName',
    'RegistryValueData',
    'PreviousRegistryKey',
    'PreviousRegistryValueName',
    'PreviousRegistryValueData',
  ],
  DeviceNetworkEvents: [
    ...DEVICE,
    'RemoteIP',
    'RemotePort',
    'RemoteUrl',
    'LocalIP',
    'LocalPort',
    'Protocol',
    'LocalIPType',
    'RemoteIPType',
  ],
  DeviceEvents: [
    ...DEVICE,
    ...FILE,
    'AccountDomain',
    'AccountName',
    'AccountSid',
    'RemoteUrl',
    'RemoteDeviceName',
    'ProcessId',
    'ProcessCommandLine',
    'ProcessCreationTime',
    'ProcessTokenElevation',
    'LogonId',
    'RegistryKey',
    'RegistryValueName',
    'RegistryValueData',
    'RemoteIP',
    'RemotePort',
    'LocalIP',
    'LocalPort',
    'FileOriginUrl',
    'FileOriginIP',
  ],
  DeviceLogonEvents: [
    ...DEVICE,
    'LogonType',
    'AccountDomain',
    'AccountName',
    'AccountSid',
    'Protocol',
    'FailureReason',
    'IsLocalAdmin',
    'LogonId',
    'RemoteDeviceName',
    'RemoteIP',
    'RemoteIPType',
    'RemotePort',
  ],
};

/** Without a parent folder column, a parent image outside process creation becomes the parent's file name. */
const parentImageItems = () => {
  const notProcessCreation = { rule_conditions: [{ type: 'logsource', category: 'process_creation' }], rule_cond_not: true };
  return [
    yamlItem({
      id: 'microsoft_xdr_parent_image_fieldmapping',
      type: 'field_name_mapping',
      mapping: { ParentImage: 'InitiatingProcessParentFileName' },
      ...notProcessCreation,
    }),
    item('microsoft_xdr_parent_image_name_value', new ParentImageFileName(), {
      ...onFields('InitiatingProcessParentFileName'),
      ...notProcessCreation,
    }),
  ];
};

export function microsoftXdrPipeline(args: Record<string, unknown> = {}): ProcessingPipeline {
  const transformParentImage = args.transform_parent_image !== false && args.transform_parent_image !== 'false';
  const definition: KustoPipelineDefinition = {
    prefix: 'microsoft_xdr',
    name: 'Generic Log Sources to Windows XDR tables and fields',
    byCategory: XDR_BY_CATEGORY,
    byEventKind: XDR_BY_EVENT_KIND,
    mappings: MICROSOFT_XDR_FIELD_MAPPINGS,
    tableFields: MICROSOFT_XDR_TABLE_FIELDS,
    dropEventIds: true,
    afterMapping: [
      ...(transformParentImage ? parentImageItems() : []),
      ...registryHiveItems('microsoft_xdr', ['RegistryKey', 'PreviousRegistryKey']),
      item('microsoft_xdr_registry_actiontype_value', new RegistryActionTypeValues(), onFields('ActionType')),
      item('microsoft_xdr_domain_username_extract', new SplitDomainUser(), onFields('AccountName', 'InitiatingProcessAccountName')),
      item('microsoft_xdr_hashes_field_values', new HashFields(['MD5', 'SHA1', 'SHA256']), onFields('Hashes')),
      yamlItem({
        id: 'microsoft_xdr_network_initiated_field',
        type: 'drop_detection_item',
        ...onFields('Initiated'),
        rule_conditions: [{ type: 'logsource', category: 'network_connection' }],
      }),
    ],
  };
  return kustoPipeline(definition, queryTableArg(args));
}
