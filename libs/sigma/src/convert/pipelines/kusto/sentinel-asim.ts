import { ProcessingPipeline } from '../../../pipeline/pipeline';
import { item, kustoPipeline, onFields, onTable, queryTableArg, registryHiveItems, yamlItem } from './kusto-pipeline';
import { HashFields, RegistryActionTypeValues } from './transformations';

/**
 * Microsoft Sentinel's normalised ASIM tables (pySigma-backend-kusto's `sentinel_asim`): Sysmon and
 * Windows security fields on imProcessCreate, imFileEvent, imRegistry, imNetworkSession, imWebSession...
 */

const FILE_TABLE = 'imFileEvent';
const REGISTRY_TABLE = 'imRegistry';
const ASIM_BY_CATEGORY: Record<string, string> = {
  process_creation: 'imProcessCreate',
  file_access: FILE_TABLE,
  file_change: FILE_TABLE,
  file_delete: FILE_TABLE,
  file_event: FILE_TABLE,
  file_rename: FILE_TABLE,
  registry_add: REGISTRY_TABLE,
  registry_delete: REGISTRY_TABLE,
  registry_event: REGISTRY_TABLE,
  registry_set: REGISTRY_TABLE,
  network_connection: 'imNetworkSession',
  proxy: 'imWebSession',
  webserver: 'imWebSession',
};

const ASIM_BY_EVENT_KIND: Record<string, string> = {
  process: 'imProcessCreate',
  logon: 'imAuthentication',
  registry: REGISTRY_TABLE,
  file: FILE_TABLE,
  network: 'imNetworkSession',
  image_load: 'imProcessCreate',
  pipe: FILE_TABLE,
  wmi: 'imProcessCreate',
};

const WEB_FIELDS: Record<string, string | string[]> = {
  'c-uri': 'Url', 'c-uri-query': 'Url', 'c-useragent': 'HttpUserAgent', 'cs-method': 'HttpRequestMethod', 'cs-version': 'HttpVersion',
  'cs-host': 'HttpHost', 'cs-Referrer': 'HttpReferrer', 'sc-status': 'HttpStatusCode', 'cs-User-Agent': 'HttpUserAgent', 'r-dns': 'HttpHost',
  request: 'Url', request_body: 'Url', request_method: 'HttpRequestMethod', request_url: 'Url', request_url_query: 'Url',
  response_status_code: 'HttpStatusCode', url_category: 'UrlCategory', url_original: 'UrlOriginal', http_request_time: 'HttpRequestTime',
  http_response_time: 'HttpResponseTime', http_content_type: 'HttpContentType', http_user_agent: 'HttpUserAgent', http_referrer: 'HttpReferrer',
  x_forwarded_for: 'HttpRequestXff', file_name: 'FileName', file_hash: ['FileMD5', 'FileSHA1', 'FileSHA256', 'FileSHA512'], file_size: 'FileSize',
  file_type: 'FileContentType',
};

export const SENTINEL_ASIM_FIELD_MAPPINGS = {
  tables: {
    imAuditEvent: {
      CommandLine: 'Operation', User: 'ActorUsername', TargetFilename: 'Object', Image: 'ActingAppName', SourceIP: 'SrcIpAddr',
      DestinationIP: 'TargetIpAddr', DestinationHostname: 'TargetHostname', EventType: 'EventType', TargetObject: 'Object', NewValue: 'NewValue',
      OldValue: 'OldValue', type: 'ObjectType', SourceHostname: 'SrcHostname', TargetUsername: 'TargetUsername', ProcessName: 'ActingAppName',
      ProcessId: 'ActingAppId', LogonId: 'ActorSessionId', TargetLogonId: 'TargetSessionId', SubjectUserName: 'ActorUsername', ObjectName: 'Object',
      ObjectType: 'ObjectType', NewProcessName: 'ActingAppName', Status: 'EventResultDetails', IpAddress: ['SrcIpAddr', 'TargetIpAddr'],
      SourcePort: 'SrcPortNumber', DestinationPort: 'TargetPortNumber', Protocol: 'LogonProtocol',
    },
    imAuthentication: {
      User: ['ActorUsername', 'TargetUsername'], SourceHostname: 'SrcHostname', DestinationHostname: 'TargetHostname', SourceIP: 'SrcIpAddr',
      DestinationIP: 'TargetIpAddr', SourcePort: 'SrcPortNumber', DestinationPort: 'TargetPortNumber', Status: 'EventResultDetails',
      IpAddress: ['SrcIpAddr', 'TargetIpAddr'], SubjectUserName: 'ActorUsername', WorkstationName: 'SrcHostname',
      ComputerName: ['SrcHostname', 'TargetHostname'], AuthenticationPackageName: 'LogonProtocol', LogonProcessName: 'LogonMethod',
      TargetUserSid: 'TargetUserId', TargetDomainName: 'TargetDomain', TargetOutboundDomainName: 'TargetDomain', ElevatedToken: 'EventType',
      TargetUserPrincipalName: 'TargetUsername', SubjectDomainName: 'ActorScope', SubjectUserSid: 'ActorUserId', SubjectLogonId: 'ActorSessionId',
      IpPort: ['SrcPortNumber', 'TargetPortNumber'], LmPackageName: 'LogonProtocol', userAgent: 'HttpUserAgent',
      DvcHostname: ['SrcHostname', 'TargetHostname'], DvcIpAddr: ['SrcIpAddr', 'TargetIpAddr'], DvcDomain: ['SrcDomain', 'TargetDomain'],
      DvcDomainType: ['SrcDomainType', 'TargetDomainType'], DvcFQDN: ['SrcFQDN', 'TargetFQDN'], DvcId: ['SrcDvcId', 'TargetDvcId'],
      DvcIdType: ['SrcDvcIdType', 'TargetDvcIdType'], DvcDescription: ['SrcDescription', 'TargetDescription'], DvcOs: ['SrcDvcOs', 'TargetDvcOs'],
    },
    _Im_Dns: {
      SourceIP: 'SrcIpAddr', DestinationIP: 'DstIpAddr', SourceHostname: 'SrcHostname', DestinationHostname: 'DstHostname', SourcePort: 'SrcPortNumber',
      DestinationPort: 'DstPortNumber', IpAddress: ['SrcIpAddr', 'DstIpAddr'], ProcessName: 'SrcProcessName', ProcessId: 'SrcProcessId', User: 'SrcUsername',
      ComputerName: ['SrcHostname', 'DstHostname'], Image: 'SrcProcessName', QueryName: 'DnsQuery', QueryStatus: 'EventResultDetails',
      QueryResults: 'DnsResponseName', Protocol: 'NetworkProtocol', 'c-useragent': 'HttpUserAgent', userAgent: 'HttpUserAgent', Category: 'UrlCategory',
      Status: 'EventResultDetails', Product: 'EventProduct', Company: 'EventVendor',
    },
    imFileEvent: {
      SourceIP: 'SrcIpAddr', DestinationIP: 'DstIpAddr', SourceHostname: 'SrcHostname', DestinationHostname: 'DstHostname', SourcePort: 'SrcPortNumber',
      User: 'ActorUsername', TargetFilename: 'TargetFileName', Image: 'TargetFilePath', ParentImage: 'ActingProcessName', CommandLine: 'ActingProcessCommandLine',
      ParentCommandLine: 'ActingProcessCommandLine', ProcessName: 'ActingProcessName', ProcessId: 'ActingProcessId', ParentProcessName: 'ActingProcessName',
      ParentProcessId: 'ActingProcessId', LogonId: 'ActorSessionId', TargetObject: 'TargetFilePath', Details: 'TargetFilePath', SubjectUserName: 'ActorUsername',
      ObjectName: 'TargetFilePath', OldFilePath: 'SrcFilePath', NewFilePath: 'TargetFilePath', OldFileName: 'SrcFileName', NewFileName: 'TargetFileName',
      'c-uri': 'TargetUrl', 'c-useragent': 'HttpUserAgent', 'cs-method': 'NetworkApplicationProtocol', userAgent: 'HttpUserAgent',
      Category: 'ThreatCategory', OperationName: 'EventType', ProcessGuid: 'ActingProcessGuid', CreationUtcTime: 'TargetFileCreationTime',
    },
    imNetworkSession: {
      SourceIP: 'SrcIpAddr', DestinationIP: 'DstIpAddr', DestinationIp: 'DstIpAddr', SourceHostname: 'SrcHostname', DestinationHostname: 'DstHostname',
      SourcePort: 'SrcPortNumber', DestinationPort: 'DstPortNumber', SourceMAC: 'SrcMacAddr', DestinationMAC: 'DstMacAddr', Protocol: 'NetworkProtocol',
      NetworkProtocol: 'NetworkApplicationProtocol', User: ['SrcUsername', 'DstUsername'], Image: ['SrcProcessName', 'DstProcessName'],
      ProcessName: ['SrcProcessName', 'DstProcessName'], ProcessId: ['SrcProcessId', 'DstProcessId'], ProcessGuid: ['SrcProcessGuid', 'DstProcessGuid'],
      LogonId: ['SrcUserId', 'DstUserId'], SourceUserName: 'SrcUsername', DestinationUserName: 'DstUsername', SourceImage: 'SrcProcessName',
      DestinationImage: 'DstProcessName', SourceProcessGUID: 'SrcProcessGuid', DestinationProcessGUID: 'DstProcessGuid', SourceProcessId: 'SrcProcessId',
      DestinationProcessId: 'DstProcessId', SourceThreadId: 'SrcProcessId', DestinationThreadId: 'DstProcessId', SourceIsIpv6: 'NetworkProtocolVersion',
      DestinationIsIpv6: 'NetworkProtocolVersion', Initiated: 'NetworkDirection', SourcePortName: 'SrcAppName', DestinationPortName: 'DstAppName',
      State: 'EventSubType', IpProtocol: 'NetworkProtocol', BytesReceived: 'DstBytes', BytesSent: 'SrcBytes', PacketsReceived: 'DstPackets',
      PacketsSent: 'SrcPackets', 'c-uri': 'TargetUrl', 'c-useragent': 'HttpUserAgent', 'cs-method': 'NetworkApplicationProtocol',
      'cs-version': 'NetworkProtocolVersion', 'cs-Cookie': 'HttpUserAgent', 'cs-Referrer': 'HttpUserAgent', 'sc-status': 'EventResultDetails',
      userAgent: 'HttpUserAgent', Category: 'ThreatCategory', OperationName: 'EventType', Action: 'DvcAction', RuleName: 'NetworkRuleName',
    },
    imProcessCreate: {
      Image: 'TargetProcessName', ParentImage: ['ParentProcessName', 'ActingProcessName'], CommandLine: 'TargetProcessCommandLine',
      ParentCommandLine: 'ActingProcessCommandLine', User: 'TargetUsername', LogonGuid: 'TargetUserSessionGuid', LogonId: 'TargetUserSessionId',
      SourceImage: 'ActingProcessName', TargetImage: 'TargetProcessName', SourceUser: 'ActorUsername', TargetUser: 'TargetUsername',
      SourceProcessId: 'ActingProcessId', TargetProcessId: 'TargetProcessId', SourceProcessGUID: 'ActingProcessGuid', TargetProcessGUID: 'TargetProcessGuid',
      ProcessId: 'TargetProcessId', ProcessGuid: 'TargetProcessGuid', ParentProcessId: ['ParentProcessId', 'ActingProcessId'],
      ParentProcessGuid: ['ParentProcessGuid', 'ActingProcessGuid'], ParentUser: 'ActorUsername', IntegrityLevel: 'TargetProcessIntegrityLevel',
      ParentProcessName: 'ParentProcessName', CurrentDirectory: 'TargetProcessCurrentDirectory',
      OriginalFileName: ['TargetProcessFileOriginalName', 'TargetProcessFilename'], Description: 'TargetProcessFileDescription',
      Product: 'TargetProcessFileProduct', Company: 'TargetProcessFileCompany', FileVersion: 'TargetProcessFileVersion',
      GrantedAccess: 'TargetProcessTokenElevation', CallTrace: 'TargetProcessInjectedAddress', ParentIntegrityLevel: 'ParentProcessIntegrityLevel',
      TerminalSessionId: 'TargetUserSessionId', sha1: 'TargetProcessSHA1', sha256: 'TargetProcessSHA256', md5: 'TargetProcessMD5',
      ProcessVersionInfoOriginalFileName: 'TargetProcessFileVersion', ProcessVersionInfoFileDescription: 'TargetProcessFileDescription',
      ProcessIntegrityLevel: 'TargetProcessIntegrityLevel', InitiatingProcessFolderPath: 'ActingProcessName',
      InitiatingProcessCommandLine: 'ActingProcessCommandLine',
    },
    imRegistry: {
      Image: 'ActingProcessName', ParentImage: 'ParentProcessName', User: 'ActorUsername', TargetObject: 'RegistryKey', Details: 'RegistryValueData',
      EventType: 'EventType', ProcessId: 'ActingProcessId', ProcessGuid: 'ActingProcessGuid', ParentProcessId: 'ParentProcessId',
      ParentProcessGuid: 'ParentProcessGuid', ObjectName: 'RegistryKey', ObjectValueName: 'RegistryValue', ObjectType: 'RegistryValueType',
      ObjectValue: 'RegistryValueData', OldName: 'RegistryPreviousKey', NewName: 'RegistryKey', OldValueType: 'RegistryPreviousValueType',
      NewValueType: 'RegistryValueType', OldValue: 'RegistryPreviousValueData', NewValue: 'RegistryValueData', ProcessName: 'ActingProcessName',
      SubjectUserName: 'ActorUsername', SubjectUserSid: 'ActorUserId', SubjectDomainName: 'ActorScope', SubjectLogonId: 'ActorSessionId',
    },
    imWebSession: WEB_FIELDS,
  } as Record<string, Record<string, string | string[]>>,
  generic: {
    EventID: 'EventOriginalType', EventType: 'EventType', Product: 'EventProduct', Vendor: 'EventVendor', DeviceName: 'DvcHostname',
    DeviceHostname: 'DvcHostname', Computer: 'DvcHostname', Hostname: 'DvcHostname', IpAddress: 'DvcIpAddr', SourceSystem: 'EventProduct',
    TimeGenerated: 'EventStartTime', ProcessName: 'ActingProcessName',
  } as Record<string, string>,
};

/** ASIM fields every schema has (event, device and time columns). */
const COMMON = [
  'TimeGenerated', '_ResourceId', 'Type', 'EventMessage', 'EventCount', 'EventStartTime', 'EventEndTime', 'EventType', 'EventSubType', 'EventResult',
  'EventResultDetails', 'EventOriginalUid', 'EventOriginalType', 'EventOriginalSubType', 'EventOriginalResultDetails', 'EventSeverity',
  'EventOriginalSeverity', 'EventProduct', 'EventProductVersion', 'EventVendor', 'EventSchema', 'EventSchemaVersion', 'EventReportUrl', 'EventOwner',
  'Dvc', 'DvcIpAddr', 'DvcHostname', 'DvcDomain', 'DvcDomainType', 'DvcFQDN', 'DvcDescription', 'DvcId', 'DvcIdType', 'DvcMacAddr', 'DvcZone',
  'DvcOs', 'DvcOsVersion', 'DvcAction', 'DvcOriginalAction', 'DvcInterface', 'DvcScopeId', 'DvcScope', 'AdditionalFields',
];
const ACTOR = ['ActorUsername', 'ActorUsernameType', 'ActorUserId', 'ActorUserIdType', 'ActorUserType', 'ActorOriginalUserType', 'ActorSessionId', 'ActorScope', 'ActorScopeId'];
const processColumns = (prefix: string) =>
  ['Name', 'CommandLine', 'FileCompany', 'FileDescription', 'FileProduct', 'FileVersion', 'FileInternalName', 'FileOriginalName', 'IsHidden',
    'InjectedAddress', 'Id', 'Guid', 'IntegrityLevel', 'MD5', 'SHA1', 'SHA256', 'SHA512', 'IMPHASH', 'CreationTime', 'TokenElevation', 'FileSize',
    'CurrentDirectory', 'StatusCode'].map((column) => `${prefix}Process${column}`);
const endpoint = (prefix: string) =>
  ['IpAddr', 'PortNumber', 'Hostname', 'Domain', 'DomainType', 'FQDN', 'DvcId', 'DvcIdType', 'DeviceType', 'MacAddr', 'Zone', 'Description', 'DvcOs',
    'GeoCountry', 'GeoRegion', 'GeoCity', 'GeoLatitude', 'GeoLongitude', 'Username', 'UsernameType', 'UserId', 'UserIdType', 'UserType', 'AppName',
    'AppId', 'AppType', 'ProcessName', 'ProcessId', 'ProcessGuid', 'Bytes', 'Packets', 'InterfaceName', 'InterfaceGuid', 'VlanId', 'NatIpAddr',
    'NatPortNumber', 'UserDomain', 'OriginalUserType'].map((column) => `${prefix}${column}`);
const fileColumns = (prefix: string) =>
  ['Name', 'Path', 'PathType', 'Directory', 'Extension', 'MimeType', 'Size', 'CreationTime', 'MD5', 'SHA1', 'SHA256', 'SHA512', 'FileCompany',
    'FileDescription', 'FileProduct', 'FileVersion'].map((column) => `${prefix}File${column}`);
const THREAT = ['ThreatId', 'ThreatName', 'ThreatCategory', 'ThreatRiskLevel', 'ThreatOriginalRiskLevel', 'ThreatField', 'ThreatConfidence', 'ThreatIsActive', 'ThreatFirstReportedTime', 'ThreatLastReportedTime', 'ThreatIpAddr'];
const NETWORK = [
  ...endpoint('Src'), ...endpoint('Dst'), 'Src', 'Dst', 'IpAddr', 'Hostname', 'User', 'Process', 'NetworkApplicationProtocol', 'NetworkProtocol',
  'NetworkProtocolVersion', 'NetworkDirection', 'NetworkDuration', 'NetworkIcmpType', 'NetworkIcmpCode', 'NetworkConnectionHistory', 'NetworkBytes',
  'NetworkPackets', 'NetworkSessionId', 'NetworkRuleName', 'NetworkRuleNumber', 'Rule', 'TcpFlagsAck', 'TcpFlagsFin', 'TcpFlagsSyn', 'TcpFlagsUrg',
  'TcpFlagsPsh', 'TcpFlagsRst', 'Duration', 'SessionId', 'InnerVlanId', 'OuterVlanId', ...THREAT,
];

/** Columns of the ASIM schemas (Microsoft's ASIM schema reference). */
export const SENTINEL_ASIM_TABLE_FIELDS: Record<string, readonly string[]> = {
  imProcessCreate: [
    ...COMMON, ...ACTOR, ...processColumns('Acting'), ...processColumns('Parent'), ...processColumns('Target'), 'TargetUsername', 'TargetUsernameType',
    'TargetUserId', 'TargetUserIdType', 'TargetUserSessionId', 'TargetUserType', 'TargetOriginalUserType', 'TargetUserScope', 'TargetUserScopeId',
    'Hash', 'HashType', 'User', 'Process', 'CommandLine', 'Hostname', 'Rule', 'RuleName', 'RuleNumber', ...THREAT,
  ],
  imFileEvent: [
    ...COMMON, ...ACTOR, ...processColumns('Acting'), ...fileColumns('Target'), ...fileColumns('Src'), ...endpoint('Src'), ...endpoint('Dst'), 'TargetUrl',
    'Hash', 'HashType', 'HttpUserAgent', 'NetworkApplicationProtocol', 'TargetAppName', 'TargetAppId', 'TargetAppType', 'FilePath', 'FileName',
    'User', 'Process', 'Src', 'Dst', 'IpAddr', 'Url', ...THREAT,
  ],
  imRegistry: [
    ...COMMON, ...ACTOR, ...processColumns('Acting'), ...processColumns('Parent'), 'RegistryKey', 'RegistryValue', 'RegistryValueType',
    'RegistryValueData', 'RegistryPreviousKey', 'RegistryPreviousValue', 'RegistryPreviousValueType', 'RegistryPreviousValueData', 'User', 'Process',
  ],
  imNetworkSession: [...COMMON, ...NETWORK],
  imWebSession: [
    ...COMMON, ...NETWORK, 'Url', 'UrlCategory', 'UrlOriginal', 'HttpVersion', 'HttpRequestMethod', 'HttpStatusCode', 'HttpContentType',
    'HttpContentFormat', 'HttpReferrer', 'HttpUserAgent', 'HttpRequestXff', 'HttpRequestTime', 'HttpResponseTime', 'HttpHost', 'FileName', 'FileMD5',
    'FileSHA1', 'FileSHA256', 'FileSHA512', 'FileSize', 'FileContentType',
  ],
  imAuthentication: [
    ...COMMON, ...ACTOR, ...endpoint('Src'), ...endpoint('Target'), 'LogonMethod', 'LogonProtocol', 'LogonTarget', 'TargetSessionId',
    'ActingAppName', 'ActingAppId', 'ActingAppType', 'HttpUserAgent', 'User', 'Src', 'Dst', 'IpAddr', 'Hostname', 'Application', 'RiskLevel', 'RuleName',
  ],
  imAuditEvent: [
    ...COMMON, ...ACTOR, ...endpoint('Src'), ...endpoint('Target'), 'Operation', 'Object', 'ObjectType', 'ObjectId', 'OldValue', 'NewValue', 'Value',
    'ValueType', 'ActingAppName', 'ActingAppId', 'ActingAppType', 'TargetSessionId', 'LogonProtocol', 'HttpUserAgent', 'User', 'Application',
    'Src', 'Dst', 'IpAddr', 'Rule', ...THREAT,
  ],
  _Im_Dns: [
    ...COMMON, ...endpoint('Src'), ...endpoint('Dst'), 'DnsQuery', 'DnsQueryType', 'DnsQueryTypeName', 'DnsResponseCode', 'DnsResponseCodeName',
    'DnsResponseName', 'DnsQueryClass', 'DnsQueryClassName', 'DnsFlags', 'DnsNetworkDuration', 'DnsFlagsAuthenticated', 'DnsFlagsAuthoritative',
    'DnsFlagsCheckingDisabled', 'DnsFlagsRecursionAvailable', 'DnsFlagsRecursionDesired', 'DnsFlagsTruncated', 'DnsFlagsZ', 'DnsSessionId',
    'NetworkProtocol', 'NetworkProtocolVersion', 'TransactionIdHex', 'UrlCategory', 'Domain', 'IpAddr', 'Hostname', 'User', 'Src', 'Dst',
    'DvcAction', ...THREAT,
  ],
};

export function sentinelAsimPipeline(args: Record<string, unknown> = {}): ProcessingPipeline {
  const hashes = (id: string, table: string, algorithms: string[], prefix: string) =>
    item(`sentinel_asim_${id}_hashes_field_values`, new HashFields(algorithms, prefix), { ...onFields('Hashes'), ...onTable(table) });
  return kustoPipeline(
    {
      prefix: 'sentinel_asim',
      name: 'Generic Log Sources to Sentinel ASIM tables and fields',
      byCategory: ASIM_BY_CATEGORY,
      byEventKind: ASIM_BY_EVENT_KIND,
      mappings: SENTINEL_ASIM_FIELD_MAPPINGS,
      tableFields: SENTINEL_ASIM_TABLE_FIELDS,
      dropEventIds: true,
      afterMapping: [
        ...registryHiveItems('sentinel_asim', ['RegistryKey', 'RegistryPreviousKey']),
        item('sentinel_asim_registry_actiontype_value', new RegistryActionTypeValues(), onFields('EventType')),
        hashes('processcreate', 'imProcessCreate', ['MD5', 'SHA1', 'SHA256', 'SHA512', 'IMPHASH'], 'TargetProcess'),
        hashes('fileevent', FILE_TABLE, ['MD5', 'SHA1', 'SHA256', 'SHA512'], 'TargetFile'),
        hashes('webrequest', 'imWebSession', ['MD5', 'SHA1', 'SHA256', 'SHA512'], 'File'),
        yamlItem({
          id: 'sentinel_asim_network_initiated_field',
          type: 'drop_detection_item',
          ...onFields('Initiated'),
          rule_conditions: [{ type: 'logsource', category: 'network_connection' }],
        }),
      ],
    },
    queryTableArg(args),
  );
}
