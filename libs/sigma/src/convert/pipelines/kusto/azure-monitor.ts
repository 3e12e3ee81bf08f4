import { ProcessingPipeline } from '../../../pipeline/pipeline';
import { item, kustoPipeline, onFields, onTable, queryTableArg, registryHiveItems, yamlItem } from './kusto-pipeline';
import { HashFields, RegistryActionTypeValues } from './transformations';

/**
 * Azure Monitor / Log Analytics (pySigma-backend-kusto's `azure_monitor`): Windows rules on the
 * SecurityEvent table (sign-in fields on SigninLogs), EventID kept as the table has it.
 */

const WINDOWS_CATEGORIES = [
  'process_creation', 'image_load', 'file_access', 'file_change', 'file_delete', 'file_event', 'file_rename', 'registry_add', 'registry_delete',
  'registry_event', 'registry_set', 'network_connection',
];
const EVENT_KINDS = ['process', 'logon', 'registry', 'file', 'network', 'image_load', 'pipe', 'wmi'];

export const AZURE_MONITOR_FIELD_MAPPINGS = {
  tables: {
    SecurityEvent: {
      CommandLine: 'CommandLine', Image: 'NewProcessName', ParentImage: 'ParentProcessName', User: 'SubjectUserName', TargetFilename: 'ObjectName',
      SourceIp: 'IpAddress', DestinationIp: 'DestinationIp', DestinationPort: 'DestinationPort', SourcePort: 'SourcePort',
      SourceHostname: 'WorkstationName', DestinationHostname: 'DestinationHostname', EventID: 'EventID', ProcessId: 'NewProcessId',
      ProcessName: 'NewProcessName', LogonType: 'LogonType', TargetUserName: 'TargetUserName', TargetDomainName: 'TargetDomainName',
      TargetLogonId: 'TargetLogonId', Status: 'Status', SubStatus: 'SubStatus', ObjectType: 'ObjectType', ShareName: 'ShareName',
      AccessMask: 'AccessMask', ServiceName: 'ServiceName', TicketOptions: 'TicketOptions', TicketEncryptionType: 'TicketEncryptionType',
      TransmittedServices: 'TransmittedServices', WorkstationName: 'WorkstationName', LogonProcessName: 'LogonProcessName', LogonGuid: 'LogonGuid',
      Category: 'EventSourceName', Hashes: 'FileHash', TargetObject: 'ObjectName',
    },
    SigninLogs: {
      User: 'UserPrincipalName', TargetUserName: 'UserPrincipalName', src_ip: 'IPAddress', IpAddress: 'IPAddress', app: 'AppDisplayName',
      Application: 'AppDisplayName', AuthenticationMethod: 'AuthenticationMethodsUsed', Status: 'Status', ResultType: 'ResultType',
      ResultDescription: 'ResultDescription', UserAgent: 'UserAgent', Location: 'Location', ClientAppUsed: 'ClientAppUsed', DeviceDetail: 'DeviceDetail',
      CorrelationId: 'CorrelationId', ConditionalAccessStatus: 'ConditionalAccessStatus', RiskLevelAggregated: 'RiskLevelAggregated',
      RiskLevelDuringSignIn: 'RiskLevelDuringSignIn', RiskDetail: 'RiskDetail', RiskState: 'RiskState', MfaDetail: 'MfaDetail',
      NetworkLocationDetails: 'NetworkLocationDetails', AuthenticationProtocol: 'AuthenticationProtocol',
      AuthenticationRequirement: 'AuthenticationRequirement', SignInIdentifier: 'SignInIdentifier', SignInIdentifierType: 'SignInIdentifierType',
      ResourceDisplayName: 'ResourceDisplayName', ResourceIdentity: 'ResourceIdentity', AppId: 'AppId',
      AuthenticationProcessingDetails: 'AuthenticationProcessingDetails', IsInteractive: 'IsInteractive', TokenIssuerName: 'TokenIssuerName',
      TokenIssuerType: 'TokenIssuerType', UserType: 'UserType', IPAddress: 'IPAddress', AutonomousSystemNumber: 'AutonomousSystemNumber',
    },
  } as Record<string, Record<string, string>>,
  generic: {} as Record<string, string>,
};

/** Columns of SecurityEvent and SigninLogs (Azure Monitor's table reference). */
export const AZURE_MONITOR_TABLE_FIELDS: Record<string, readonly string[]> = {
  SecurityEvent: [
    'TenantId', 'TimeGenerated', 'SourceSystem', 'Account', 'AccountType', 'Computer', 'EventSourceName', 'Channel', 'Task', 'Level', 'EventData',
    'EventID', 'Activity', 'AccessMask', 'AccessList', 'AccessReason', 'AuthenticationPackageName', 'CommandLine', 'ElevatedToken', 'FailureReason',
    'FileHash', 'FilePath', 'HandleId', 'ImpersonationLevel', 'IpAddress', 'IpPort', 'KeyLength', 'LmPackageName', 'LogonGuid', 'LogonProcessName',
    'LogonType', 'LogonTypeName', 'MandatoryLabel', 'NewProcessId', 'NewProcessName', 'ObjectName', 'ObjectServer', 'ObjectType', 'ObjectValueName',
    'OperationType', 'ParentProcessName', 'PrivilegeList', 'Process', 'ProcessId', 'ProcessName', 'Properties', 'RelativeTargetName', 'ServiceAccount',
    'ServiceFileName', 'ServiceName', 'ServiceStartType', 'ServiceType', 'ShareLocalPath', 'ShareName', 'Status', 'SubStatus', 'SubjectAccount',
    'SubjectDomainName', 'SubjectLogonId', 'SubjectUserName', 'SubjectUserSid', 'TargetAccount', 'TargetDomainName', 'TargetLogonId', 'TargetUserName',
    'TargetUserSid', 'TicketEncryptionType', 'TicketOptions', 'TokenElevationType', 'TransmittedServices', 'WorkstationName', 'SourceComputerId',
    'EventOriginId', 'ManagementGroupName', 'Type', '_ResourceId',
  ],
  SigninLogs: [
    'TenantId', 'TimeGenerated', 'SourceSystem', 'OperationName', 'Category', 'ResultType', 'ResultSignature', 'ResultDescription', 'DurationMs',
    'CorrelationId', 'Identity', 'Level', 'Location', 'AppDisplayName', 'AppId', 'AuthenticationDetails', 'AuthenticationMethodsUsed',
    'AuthenticationProcessingDetails', 'AuthenticationRequirement', 'ClientAppUsed', 'ConditionalAccessPolicies', 'ConditionalAccessStatus',
    'DeviceDetail', 'IPAddress', 'IsInteractive', 'LocationDetails', 'MfaDetail', 'NetworkLocationDetails', 'RiskDetail', 'RiskLevelAggregated',
    'RiskLevelDuringSignIn', 'RiskState', 'ResourceDisplayName', 'ResourceIdentity', 'Status', 'TokenIssuerName', 'TokenIssuerType', 'UserAgent',
    'UserDisplayName', 'UserId', 'UserPrincipalName', 'UserType', 'AutonomousSystemNumber', 'SignInIdentifier', 'SignInIdentifierType', 'Type',
  ],
};

const SECURITY_EVENT = 'SecurityEvent';

export function azureMonitorPipeline(args: Record<string, unknown> = {}): ProcessingPipeline {
  return kustoPipeline(
    {
      prefix: 'azure_monitor',
      name: 'Generic Log Sources to Azure Monitor tables and fields',
      byCategory: Object.fromEntries(WINDOWS_CATEGORIES.map((category) => [category, SECURITY_EVENT])),
      byEventKind: Object.fromEntries(EVENT_KINDS.map((kind) => [kind, SECURITY_EVENT])),
      mappings: AZURE_MONITOR_FIELD_MAPPINGS,
      tableFields: AZURE_MONITOR_TABLE_FIELDS,
      dropEventIds: false,
      afterMapping: [
        yamlItem({ id: 'azure_monitor_drop_fields', type: 'drop_detection_item', ...onFields('ObjectType') }),
        ...registryHiveItems('azure_monitor', ['RegistryKey', 'RegistryPreviousKey', 'ObjectName']),
        item('azure_monitor_registry_actiontype_value', new RegistryActionTypeValues(), onFields('EventType')),
        item('azure_monitor_securityevent_hashes_field_values', new HashFields(['MD5', 'SHA1', 'SHA256'], 'FileHash', true), {
          ...onFields('FileHash'),
          ...onTable(SECURITY_EVENT),
        }),
        item('azure_monitor_hashes_field_values', new HashFields(['MD5', 'SHA1', 'SHA256']), {
          ...onFields('Hashes'),
          ...onTable(SECURITY_EVENT),
          rule_cond_not: true,
        }),
        yamlItem({
          id: 'azure_monitor_network_initiated_field',
          type: 'drop_detection_item',
          ...onFields('Initiated'),
          rule_conditions: [{ type: 'logsource', category: 'network_connection' }],
        }),
      ],
    },
    queryTableArg(args),
  );
}
