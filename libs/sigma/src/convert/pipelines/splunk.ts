import { logsourceIs, pipelineOf, registerPipelines } from '../../pipeline/named/registry';
import { WINDOWS_SERVICE_CHANNELS } from '../../pipeline/named/windows';

/**
 * Splunk's pipelines (pySigma-backend-splunk): `splunk_windows` scopes Windows rules to their
 * `WinEventLog:` source and names EventID EventCode; `splunk_cim` maps Sysmon-style fields to the
 * CIM data models (Endpoint.Processes, Endpoint.Registry, Endpoint.Filesystem, Network_Resolution.DNS)
 * and records the data model and its fields for the `data_model` output format.
 */
export const SPLUNK_CIM_MODELS: Array<{
  id: string;
  dataModelSet: string;
  logsources: Array<Record<string, string>>;
  fields: Record<string, string>;
}> = [
  {
    id: 'process_creation',
    dataModelSet: 'Endpoint.Processes',
    logsources: [
      { category: 'process_creation', product: 'windows' },
      { category: 'process_creation', product: 'linux' },
    ],
    fields: {
      CommandLine: 'Processes.process',
      Computer: 'Processes.dest',
      CurrentDirectory: 'Processes.process_current_directory',
      Image: 'Processes.process_path',
      IntegrityLevel: 'Processes.process_integrity_level',
      OriginalFileName: 'Processes.original_file_name',
      ParentCommandLine: 'Processes.parent_process',
      ParentImage: 'Processes.parent_process_path',
      ParentProcessGuid: 'Processes.parent_process_guid',
      ParentProcessId: 'Processes.parent_process_id',
      ProcessGuid: 'Processes.process_guid',
      ProcessId: 'Processes.process_id',
      User: 'Processes.user',
    },
  },
  {
    id: 'registry',
    dataModelSet: 'Endpoint.Registry',
    logsources: ['registry_add', 'registry_delete', 'registry_event', 'registry_set'].map((category) => ({ category, product: 'windows' })),
    fields: {
      Computer: 'Registry.dest',
      Details: 'Registry.registry_value_data',
      EventType: 'Registry.action',
      Image: 'Registry.process_path',
      ProcessGuid: 'Registry.process_guid',
      ProcessId: 'Registry.process_id',
      TargetObject: 'Registry.registry_key_name',
    },
  },
  {
    id: 'file_event',
    dataModelSet: 'Endpoint.Filesystem',
    logsources: [{ category: 'file_event', product: 'windows' }],
    fields: {
      Computer: 'Filesystem.dest',
      CreationUtcTime: 'Filesystem.file_create_time',
      Image: 'Filesystem.process_path',
      ProcessGuid: 'Filesystem.process_guid',
      ProcessId: 'Filesystem.process_id',
      TargetFilename: 'Filesystem.file_path',
    },
  },
  {
    id: 'dns',
    dataModelSet: 'Network_Resolution.DNS',
    logsources: [{ category: 'network', service: 'dns' }, { category: 'dns' }],
    fields: {
      'destination.ip': 'DNS.dest',
      'destination.port': 'DNS.dest_port',
      'dns.answers.name': 'DNS.answer',
      'dns.answers.ttl': 'DNS.ttl',
      'dns.answers.type': 'DNS.record_type',
      'dns.id': 'DNS.transaction_id',
      'dns.question.name': 'DNS.query',
      'dns.question.type': 'DNS.query_type',
      'dns.response_code': 'DNS.reply_code_id',
      'source.ip': 'DNS.src',
      'source.port': 'DNS.src_port',
    },
  },
];

const anyLogsource = (logsources: Array<Record<string, string>>) => ({
  rule_cond_op: 'or',
  rule_conditions: logsources.map((logsource) => ({ type: 'logsource', ...logsource })),
});

export const splunkWindowsPipeline = () =>
  pipelineOf({
    name: 'Splunk Windows log source conditions',
    priority: 20,
    transformations: [
      ...Object.entries(WINDOWS_SERVICE_CHANNELS).map(([service, channel]) => ({
        id: `splunk_windows_${service}`,
        type: 'add_condition',
        conditions: { source: Array.isArray(channel) ? channel.map((item) => `WinEventLog:${item}`) : `WinEventLog:${channel}` },
        rule_conditions: logsourceIs({ product: 'windows', service }),
      })),
      { id: 'splunk_windows_field_mapping', type: 'field_name_mapping', mapping: { EventID: 'EventCode' } },
    ],
  });

export const splunkCimPipeline = () =>
  pipelineOf({
    name: 'Splunk CIM Data Model Mapping',
    priority: 20,
    transformations: [
      ...SPLUNK_CIM_MODELS.flatMap((model) => [
        {
          id: `splunk_dm_mapping_${model.id}_unsupported_fields`,
          type: 'detection_item_failure',
          message: `The Splunk Data Model Sigma backend supports only the following fields for ${model.id} log source: ${Object.keys(model.fields).join(',')}`,
          field_name_conditions: [{ type: 'exclude_fields', fields: Object.keys(model.fields) }],
          ...anyLogsource(model.logsources),
        },
        { id: `splunk_dm_mapping_${model.id}`, type: 'field_name_mapping', mapping: model.fields, ...anyLogsource(model.logsources) },
        {
          id: `splunk_dm_fields_${model.id}`,
          type: 'set_state',
          key: 'fields',
          val: Object.values(model.fields),
          ...anyLogsource(model.logsources),
        },
        {
          id: `splunk_dm_${model.id}_data_model_set`,
          type: 'set_state',
          key: 'data_model_set',
          val: model.dataModelSet,
          ...anyLogsource(model.logsources),
        },
      ]),
      {
        id: 'splunk_dm_mapping_log_source_not_supported',
        type: 'rule_failure',
        message: 'Rule type not yet supported by the Splunk data model CIM pipeline!',
        rule_cond_op: 'or',
        rule_cond_not: true,
        rule_conditions: SPLUNK_CIM_MODELS.map((model) => ({
          type: 'processing_item_applied',
          processing_item_id: `splunk_dm_mapping_${model.id}`,
        })),
      },
    ],
  });

registerPipelines({ splunk_windows: splunkWindowsPipeline, splunk_cim: splunkCimPipeline });
