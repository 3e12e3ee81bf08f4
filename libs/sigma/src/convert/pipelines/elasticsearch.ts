import { logsourceIs, pipelineOf, registerPipelines } from '../../pipeline/named/registry';
import { WINDOWS_SERVICE_CHANNELS } from '../../pipeline/named/windows';

/**
 * The Elasticsearch backend's pipelines (pySigma-backend-elasticsearch): Winlogbeat's Elastic Common
 * Schema for Windows (`ecs_windows`, and `ecs_windows_old` for Winlogbeat up to 6), Kubernetes audit
 * logs and Zeek logs as Filebeat/Corelight or raw Zeek name them.
 */

/** Sysmon/Windows fields whose ECS name depends on the log source: field -> [logsource key, value, ECS field]. */
export const ECS_WINDOWS_VARIABLE_FIELDS: Record<string, Array<[string, string, string]>> = {
  FileVersion: [
    ['category', 'process_creation', 'process.pe.file_version'],
    ['category', 'image_load', 'file.pe.file_version'],
  ],
  Description: [
    ['category', 'process_creation', 'process.pe.description'],
    ['category', 'image_load', 'file.pe.description'],
    ['category', 'sysmon_error', 'winlog.event_data.Description'],
  ],
  Product: [
    ['category', 'process_creation', 'process.pe.product'],
    ['category', 'image_load', 'file.pe.product'],
  ],
  Company: [
    ['category', 'process_creation', 'process.pe.company'],
    ['category', 'image_load', 'file.pe.company'],
  ],
  OriginalFileName: [
    ['category', 'process_creation', 'process.pe.original_file_name'],
    ['category', 'image_load', 'file.pe.original_file_name'],
  ],
  CommandLine: [
    ['category', 'process_creation', 'process.command_line'],
    ['service', 'security', 'process.command_line'],
    ['service', 'powershell-classic', 'powershell.command.value'],
  ],
  Protocol: [['category', 'network_connection', 'network.transport']],
  Initiated: [['category', 'network_connection', 'network.direction']],
  Signature: [
    ['category', 'driver_loaded', 'file.code_signature.subject_name'],
    ['category', 'image_loaded', 'file.code_signature.subject_name'],
  ],
  EngineVersion: [['service', 'powershell-classic', 'powershell.engine.version']],
  HostVersion: [['service', 'powershell-classic', 'powershell.process.executable_version']],
  SubjectLogonId: [['service', 'security', 'winlog.logon.id']],
  ServiceName: [['service', 'security', 'service.name']],
  SubjectDomainName: [['service', 'security', 'user.domain']],
  SubjectUserName: [['service', 'security', 'user.name']],
  SubjectUserSid: [['service', 'security', 'user.id']],
  TargetLogonId: [['service', 'security', 'winlog.logon.id']],
};

export const ECS_WINDOWS_FIELDS: Record<string, string> = {
  EventID: 'event.code',
  Channel: 'winlog.channel',
  Provider_Name: 'winlog.provider_name',
  ComputerName: 'winlog.computer_name',
  FileName: 'file.path',
  ProcessGuid: 'process.entity_id',
  ProcessId: 'process.pid',
  Image: 'process.executable',
  CurrentDirectory: 'process.working_directory',
  ParentProcessGuid: 'process.parent.entity_id',
  ParentProcessId: 'process.parent.pid',
  ParentImage: 'process.parent.executable',
  ParentCommandLine: 'process.parent.command_line',
  TargetFilename: 'file.path',
  SourceIp: 'source.ip',
  SourceHostname: 'source.domain',
  SourcePort: 'source.port',
  DestinationIp: 'destination.ip',
  DestinationHostname: 'destination.domain',
  DestinationPort: 'destination.port',
  DestinationPortName: 'network.protocol',
  ImageLoaded: 'file.path',
  Signed: 'file.code_signature.signed',
  SignatureStatus: 'file.code_signature.status',
  Imphash: 'file.pe.imphash',
  SourceProcessGuid: 'process.entity_id',
  SourceProcessId: 'process.pid',
  SourceImage: 'process.executable',
  Device: 'file.path',
  SourceThreadId: 'process.thread.id',
  TargetObject: 'registry.path',
  PipeName: 'file.name',
  Destination: 'process.executable',
  QueryName: 'dns.question.name',
  QueryStatus: 'sysmon.dns.status',
  IsExecutable: 'sysmon.file.is_executable',
  Archived: 'sysmon.file.archived',
  CommandName: 'powershell.command.name',
  CommandPath: 'powershell.command.path',
  CommandType: 'powershell.command.type',
  HostApplication: 'process.command_line',
  HostId: 'process.entity_id',
  HostName: 'process.title',
  NewEngineState: 'powershell.engine.new_state',
  PipelineId: 'powershell.pipeline_id',
  PreviousEngineState: 'powershell.engine.previous_state',
  RunspaceId: 'powershell.runspace_id',
  ScriptName: 'file.path',
  SequenceNumber: 'event.sequence',
  NewProviderState: 'powershell.provider.new_state',
  ProviderName: 'powershell.provider.name',
  MessageNumber: 'powershell.sequence',
  MessageTotal: 'powershell.total',
  ScriptBlockText: 'powershell.file.script_block_text',
  ScriptBlockId: 'powershell.file.script_block_id',
  AccountDomain: 'user.domain',
  AccountName: 'user.name',
  Application: 'process.executable',
  ClientAddress: 'source.ip',
  ClientName: 'source.domain',
  DestAddress: 'destination.ip',
  DestPort: 'destination.port',
  IpAddress: 'source.ip',
  IpPort: 'source.port',
  NewProcessId: 'process.pid',
  NewProcessName: 'process.executable',
  ParentProcessName: 'process.parent.name',
  ProcessName: 'process.executable',
  SourceAddress: 'source.ip',
  TargetDomainName: 'user.domain',
  User: 'user.name',
  WorkstationName: 'source.domain',
  Payload: 'powershell.file.script_block_text',
};

const windowsChannels = (field: string) =>
  Object.entries(WINDOWS_SERVICE_CHANNELS).map(([service, channel]) => ({
    id: `${field}_${service}`,
    type: 'add_condition',
    conditions: { [field]: channel },
    rule_conditions: logsourceIs({ product: 'windows', service }),
  }));

/** Fields neither mapped nor already dotted get the event-data prefix. */
const eventDataPrefix = (id: string, prefix: string, mappingId: string) => ({
  id,
  type: 'field_name_prefix',
  prefix,
  field_name_conditions: [
    { type: 'processing_item_applied', processing_item_id: mappingId },
    { type: 'include_fields', fields: ['\\w+\\.'], mode: 're' },
  ],
  field_name_cond_not: true,
  field_name_cond_op: 'or',
  rule_conditions: logsourceIs({ product: 'windows' }),
});

export const ecsWindowsPipeline = () =>
  pipelineOf({
    name: 'Elastic Common Schema (ECS) Windows log mappings from Winlogbeat from version 7',
    priority: 20,
    transformations: [
      ...windowsChannels('winlog.channel'),
      ...Object.entries(ECS_WINDOWS_VARIABLE_FIELDS).flatMap(([field, mappings]) =>
        mappings.map(([key, value, mapped]) => ({
          id: `elasticsearch_windows-${field}-${key}-${value}`,
          type: 'field_name_mapping',
          mapping: { [field]: mapped },
          rule_conditions: logsourceIs({ product: 'windows', [key]: value }),
        })),
      ),
      {
        id: 'ecs_windows_field_mapping',
        type: 'field_name_mapping',
        mapping: ECS_WINDOWS_FIELDS,
        rule_conditions: logsourceIs({ product: 'windows' }),
      },
      // event.code is a keyword in ECS; network.direction holds the words Sysmon's Initiated flag stands for.
      {
        id: 'ecs_windows_event_code_string',
        type: 'convert_type',
        target_type: 'str',
        field_name_conditions: [{ type: 'include_fields', fields: ['event.code'] }],
      },
      {
        id: 'ecs_windows_network_direction_egress',
        type: 'set_value',
        value: 'egress',
        field_name_conditions: [{ type: 'include_fields', fields: ['network.direction'] }],
        detection_item_cond_op: 'or',
        detection_item_conditions: [
          { type: 'match_value', value: true, cond: 'any' },
          { type: 'match_value', value: 'true', cond: 'any' },
        ],
      },
      {
        id: 'ecs_windows_network_direction_ingress',
        type: 'set_value',
        value: 'ingress',
        field_name_conditions: [{ type: 'include_fields', fields: ['network.direction'] }],
        detection_item_cond_op: 'or',
        detection_item_conditions: [
          { type: 'match_value', value: false, cond: 'any' },
          { type: 'match_value', value: 'false', cond: 'any' },
        ],
      },
      eventDataPrefix('ecs_windows_winlog_eventdata_prefix', 'winlog.event_data.', 'ecs_windows_field_mapping'),
    ],
  });

export const ecsWindowsOldPipeline = () =>
  pipelineOf({
    name: 'Elastic Common Schema (ECS) Windows log mappings from Winlogbeat up to version 6',
    priority: 20,
    transformations: [
      ...windowsChannels('winlog.channel'),
      {
        id: 'ecs_windows_field_mapping',
        type: 'field_name_mapping',
        mapping: { EventID: 'event_id', Channel: 'winlog.channel' },
        rule_conditions: logsourceIs({ product: 'windows' }),
      },
      eventDataPrefix('ecs_windows_eventdata_prefix', 'event_data.', 'ecs_windows_field_mapping'),
    ],
  });

const KUBERNETES_AUDIT_FIELDS: Record<string, string> = {
  verb: 'kubernetes.audit.verb',
  apiGroup: 'kubernetes.audit.objectRef.apiGroup',
  resource: 'kubernetes.audit.objectRef.resource',
  subresource: 'kubernetes.audit.objectRef.subresource',
  namespace: 'kubernetes.audit.objectRef.namespace',
  name: 'kubernetes.audit.objectRef.name',
  capabilities: 'kubernetes.audit.requestObject.spec.containers.securityContext.capabilities.add',
  hostPath: 'kubernetes.audit.requestObject.spec.volumes.hostPath',
  username: 'kubernetes.audit.user.username',
  userAgent: 'kubernetes.audit.userAgent',
  sourceIPs: 'kubernetes.audit.sourceIPs',
};

export const ecsKubernetesPipeline = () =>
  pipelineOf({
    name: 'Elastic Common Schema (ECS) Kubernetes audit log mappings',
    priority: 20,
    transformations: [
      {
        id: 'ecs_kubernetes_audit_kind',
        type: 'add_condition',
        conditions: { 'kubernetes.audit.kind': 'Event' },
        rule_conditions: logsourceIs({ product: 'kubernetes', service: 'audit' }),
      },
      {
        id: 'ecs_kubernetes_field_mapping',
        type: 'field_name_mapping',
        mapping: KUBERNETES_AUDIT_FIELDS,
        rule_conditions: logsourceIs({ product: 'kubernetes', service: 'audit' }),
      },
    ],
  });

/** Zeek log streams per Sigma category and the Sigma (web proxy, DNS...) fields as Zeek names them. */
const ZEEK_STREAMS: Record<string, { stream: string; fields: Record<string, string> }> = {
  proxy: {
    stream: 'http',
    fields: {
      'cs-method': 'method',
      'cs-host': 'host',
      'c-uri': 'uri',
      'c-uri-query': 'uri',
      'c-useragent': 'user_agent',
      'cs-referrer': 'referrer',
      'sc-status': 'status_code',
      'cs-bytes': 'request_body_len',
      'sc-bytes': 'response_body_len',
      'c-ip': 'id.orig_h',
      dst_ip: 'id.resp_h',
      'r-dns': 'host',
    },
  },
  dns: {
    stream: 'dns',
    fields: { query: 'query', record_type: 'qtype_name', answer: 'answers', 'c-ip': 'id.orig_h', dst_ip: 'id.resp_h' },
  },
  firewall: { stream: 'conn', fields: { src_ip: 'id.orig_h', src_port: 'id.orig_p', dst_ip: 'id.resp_h', dst_port: 'id.resp_p' } },
};

export const zeekRawPipeline = () =>
  pipelineOf({
    name: 'Zeek raw logs (Corelight/Zeek JSON field names)',
    priority: 20,
    transformations: Object.entries(ZEEK_STREAMS).flatMap(([category, { stream, fields }]) => [
      {
        id: `zeek_${category}_stream`,
        type: 'add_condition',
        conditions: { '@stream': stream },
        rule_conditions: logsourceIs({ category }),
      },
      { id: `zeek_${category}_fields`, type: 'field_name_mapping', mapping: fields, rule_conditions: logsourceIs({ category }) },
    ]),
  });

/** ECS names of Zeek logs as Filebeat (`zeek.<stream>.*`) and Corelight (`<stream>.*`) ship them. */
const zeekEcsPipeline = (name: string, prefix: (stream: string) => string) => () =>
  pipelineOf({
    name,
    priority: 20,
    transformations: Object.entries(ZEEK_STREAMS).flatMap(([category, { stream, fields }]) => [
      {
        id: `${name}_${category}_dataset`,
        type: 'add_condition',
        conditions: { 'event.dataset': `zeek.${stream}` },
        rule_conditions: logsourceIs({ category }),
      },
      {
        id: `${name}_${category}_fields`,
        type: 'field_name_mapping',
        mapping: Object.fromEntries(Object.entries(fields).map(([field, zeek]) => [field, `${prefix(stream)}${zeek}`])),
        rule_conditions: logsourceIs({ category }),
      },
    ]),
  });

registerPipelines({
  ecs_windows: ecsWindowsPipeline,
  ecs_windows_old: ecsWindowsOldPipeline,
  ecs_kubernetes: ecsKubernetesPipeline,
  zeek: zeekRawPipeline,
  ecs_zeek_beats: zeekEcsPipeline('ecs_zeek_beats', (stream) => `zeek.${stream}.`),
  ecs_zeek_corelight: zeekEcsPipeline('ecs_zeek_corelight', (stream) => `${stream}.`),
});
