import { comparisons, Untranslatable, type QueryNode, type QueryValue } from './query-tree';
import { reduced, type SigmaModifier, type SigmaNode } from './sigma-tree';

export type Platform = 'windows' | 'linux' | 'macos';

/** The Sigma logsource a query reads, and the OS whose path separator its program names take. */
export interface Target {
  logsource: { category?: string; product: string; service?: string };
  platform: Platform;
}

// ECS fields that say which log or event kind to read (the logsource), not what happened in it.
const META_FIELDS = new Set([
  'event.category',
  'event.type',
  'event.kind',
  'event.module',
  'event.code',
  '@timestamp',
  '@present',
  'event.dataset',
  'event.outcome',
  'data_stream.dataset',
  'data_stream.namespace',
  'data_stream.type',
  'host.os.type',
  'host.os.family',
  'host.os.name',
  'host.os.platform',
  'host.os.version',
  'host.os.full',
  'host.os.kernel',
  'data.win.system.eventid',
  'data.win.system.channel',
  'os.type',
  'agent.type',
  'ecs.version',
  'winlog.channel',
  'winlog.event_id',
  '_index',
  'index',
  'sourcetype',
  'source',
]);
// On an endpoint these say what kind of event it is (exec, creation, start): the logsource again.
const ENDPOINT_META = new Set(['event.action', 'event.provider', 'winlog.provider_name']);

/** How an ECS value becomes a Sigma value: a file name is the end of a path, an argument part of a command line. */
type Shape =
  | 'name'
  | 'path'
  | 'folder'
  | 'args'
  | 'plain'
  | 'direction'
  | 'registry-path'
  | 'registry-key'
  | 'extension'
  | 'hash-md5'
  | 'hash-sha1'
  | 'hash-sha256';

interface FieldRule {
  field: string;
  shape: Shape;
  /** The categories whose events carry the field (any when absent). */
  categories?: readonly string[];
}

const PROCESS_ONLY = ['process_creation'];
const ENDPOINT_FIELDS: Readonly<Record<string, FieldRule>> = {
  'process.name': { field: 'Image', shape: 'name' },
  'process.executable': { field: 'Image', shape: 'path' },
  'process.args': { field: 'CommandLine', shape: 'args', categories: PROCESS_ONLY },
  'process.command_line': { field: 'CommandLine', shape: 'plain', categories: PROCESS_ONLY },
  'process.parent.name': { field: 'ParentImage', shape: 'name', categories: PROCESS_ONLY },
  'process.parent.executable': { field: 'ParentImage', shape: 'path', categories: PROCESS_ONLY },
  'process.parent.command_line': { field: 'ParentCommandLine', shape: 'plain', categories: PROCESS_ONLY },
  'process.parent.args': { field: 'ParentCommandLine', shape: 'args', categories: PROCESS_ONLY },
  'process.pid': { field: 'ProcessId', shape: 'plain' },
  'process.working_directory': { field: 'CurrentDirectory', shape: 'path', categories: PROCESS_ONLY },
  'process.pe.original_file_name': { field: 'OriginalFileName', shape: 'plain', categories: PROCESS_ONLY },
  'process.ext.token.integrity_level_name': { field: 'IntegrityLevel', shape: 'plain', categories: PROCESS_ONLY },
  'process.pe.description': { field: 'Description', shape: 'plain', categories: PROCESS_ONLY },
  'process.pe.product': { field: 'Product', shape: 'plain', categories: PROCESS_ONLY },
  'process.pe.company': { field: 'Company', shape: 'plain', categories: PROCESS_ONLY },
  'user.name': { field: 'User', shape: 'plain', categories: PROCESS_ONLY },
  'process.hash.md5': { field: 'Hashes', shape: 'hash-md5', categories: PROCESS_ONLY },
  'process.hash.sha1': { field: 'Hashes', shape: 'hash-sha1', categories: PROCESS_ONLY },
  'process.hash.sha256': { field: 'Hashes', shape: 'hash-sha256', categories: PROCESS_ONLY },
  'file.path': { field: 'TargetFilename', shape: 'path', categories: ['file_event'] },
  'file.name': { field: 'TargetFilename', shape: 'name', categories: ['file_event'] },
  'file.extension': { field: 'TargetFilename', shape: 'extension', categories: ['file_event'] },
  'file.directory': { field: 'TargetFilename', shape: 'folder', categories: ['file_event'] },
  'registry.path': { field: 'TargetObject', shape: 'registry-path', categories: ['registry_set'] },
  'registry.key': { field: 'TargetObject', shape: 'registry-key', categories: ['registry_set'] },
  'registry.value': { field: 'TargetObject', shape: 'name', categories: ['registry_set'] },
  'registry.data.strings': { field: 'Details', shape: 'plain', categories: ['registry_set'] },
  'dns.question.name': { field: 'QueryName', shape: 'plain', categories: ['dns_query'] },
  'destination.ip': { field: 'DestinationIp', shape: 'plain', categories: ['network_connection'] },
  'destination.address': { field: 'DestinationIp', shape: 'plain', categories: ['network_connection'] },
  'destination.port': { field: 'DestinationPort', shape: 'plain', categories: ['network_connection'] },
  'destination.domain': { field: 'DestinationHostname', shape: 'plain', categories: ['network_connection'] },
  'source.ip': { field: 'SourceIp', shape: 'plain', categories: ['network_connection'] },
  'source.address': { field: 'SourceIp', shape: 'plain', categories: ['network_connection'] },
  'source.port': { field: 'SourcePort', shape: 'plain', categories: ['network_connection'] },
  'network.transport': { field: 'Protocol', shape: 'plain', categories: ['network_connection'] },
  'network.direction': { field: 'Initiated', shape: 'direction', categories: ['network_connection'] },
  'dll.name': { field: 'ImageLoaded', shape: 'name', categories: ['image_load'] },
  'dll.path': { field: 'ImageLoaded', shape: 'path', categories: ['image_load'] },
  'dll.pe.original_file_name': { field: 'OriginalFileName', shape: 'plain', categories: ['image_load'] },
  'dll.hash.md5': { field: 'Hashes', shape: 'hash-md5', categories: ['image_load'] },
  'dll.hash.sha1': { field: 'Hashes', shape: 'hash-sha1', categories: ['image_load'] },
  'dll.hash.sha256': { field: 'Hashes', shape: 'hash-sha256', categories: ['image_load'] },
  'powershell.file.script_block_text': { field: 'ScriptBlockText', shape: 'plain', categories: ['ps_script'] },
  'dll.code_signature.subject_name': { field: 'Signature', shape: 'plain', categories: ['image_load'] },
  'dll.code_signature.exists': { field: 'Signed', shape: 'plain', categories: ['image_load'] },
};

const CLOUD_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cloudtrail: {
    'event.provider': 'eventSource',
    'event.action': 'eventName',
    'aws.cloudtrail.event_type': 'eventType',
    'aws.cloudtrail.user_identity.type': 'userIdentity.type',
    'aws.cloudtrail.user_identity.arn': 'userIdentity.arn',
    'aws.cloudtrail.user_identity.access_key_id': 'userIdentity.accessKeyId',
    'aws.cloudtrail.error_code': 'errorCode',
    'aws.cloudtrail.error_message': 'errorMessage',
    'source.ip': 'sourceIPAddress',
    'source.address': 'sourceIPAddress',
    'user_agent.original': 'userAgent',
    'cloud.region': 'awsRegion',
    'cloud.account.id': 'recipientAccountId',
  },
  okta: {
    'event.action': 'eventType',
    'okta.event_type': 'eventType',
    'okta.actor.alternate_id': 'actor.alternateId',
    'okta.outcome.result': 'outcome.result',
    'okta.client.ip': 'client.ipAddress',
    'source.ip': 'client.ipAddress',
  },
  activitylogs: { 'event.action': 'operationName', 'azure.activitylogs.operation_name': 'operationName' },
  auditlogs: { 'event.action': 'properties.message', 'azure.auditlogs.operation_name': 'properties.message' },
  signinlogs: { 'azure.signinlogs.properties.status.error_code': 'ResultType' },
};
const CLOUD_LOGSOURCES: Readonly<Record<string, { product: string; service: string }>> = {
  cloudtrail: { product: 'aws', service: 'cloudtrail' },
  okta: { product: 'okta', service: 'okta' },
  activitylogs: { product: 'azure', service: 'activitylogs' },
  auditlogs: { product: 'azure', service: 'auditlogs' },
  signinlogs: { product: 'azure', service: 'signinlogs' },
};
// The field names the logs' own records use, which queries over the raw records (and Splunk) write as they are.
const NATIVE_CLOUD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  cloudtrail: ['eventSource', 'eventName', 'userIdentity.type', 'userIdentity.arn', 'errorCode', 'sourceIPAddress', 'userAgent'],
  okta: ['eventType', 'actor.alternateId', 'outcome.result', 'client.ipAddress'],
  activitylogs: ['operationName'],
  auditlogs: [],
  signinlogs: [
    'ResultType',
    'ResultDescription',
    'AppDisplayName',
    'ResourceDisplayName',
    'ClientAppUsed',
    'UserPrincipalName',
    'IPAddress',
  ],
};

// Events of Windows' System and Security logs that Sigma reads by the log and its EventID (not by a category): a
// service installed (7045, 4697), a scheduled task created or changed (4698-4702), an account or group changed, a
// logon, the log cleared.
const CHANNEL_EVENTS: Readonly<Record<string, 'system' | 'security'>> = {
  '104': 'system',
  '7040': 'system',
  '7045': 'system',
  '1102': 'security',
  '4624': 'security',
  '4656': 'security',
  '4663': 'security',
  '4625': 'security',
  '4648': 'security',
  '4697': 'security',
  '4698': 'security',
  '4699': 'security',
  '4700': 'security',
  '4701': 'security',
  '4702': 'security',
  '4720': 'security',
  '4722': 'security',
  '4724': 'security',
  '4728': 'security',
  '4732': 'security',
  '4738': 'security',
  '4756': 'security',
  '4768': 'security',
  '4769': 'security',
  '5136': 'security',
  '5140': 'security',
  '5145': 'security',
};
/** The prefix of the auditd records' own fields (`auditd.nametype`) as a query over the raw audit log names them. */
const AUDITD_PREFIX = 'auditd.';
const EVENT_ID_FIELDS = new Set(['event.code', 'winlog.event_id', 'data.win.system.eventid']);
const isChannel = (service: string | undefined): boolean => service === 'system' || service === 'security';

/**
 * The Windows log (system, security) a query reads by its event IDs: every ID it names one of that log's (CHANNEL_EVENTS),
 * and each other field that log's event data.
 */
export function windowsChannel(node: QueryNode): 'system' | 'security' | null {
  const found = comparisons(node);
  const ids = found
    .filter((test) => EVENT_ID_FIELDS.has(test.field.toLowerCase()))
    .flatMap((test) => test.values.map((value) => value.text));
  const services = new Set(ids.map((id) => CHANNEL_EVENTS[id]));
  const [service] = services;
  if (services.size !== 1 || !service) return null;
  const other = found.filter((test) => !EVENT_ID_FIELDS.has(test.field.toLowerCase()) && !META_FIELDS.has(test.field.toLowerCase()));
  return other.every((test) => /^(?:winlog\.event_data|data\.win\.eventdata)\./.test(test.field) || UNCARRIED.test(test.field))
    ? service
    : null;
}

const EQL_CATEGORIES: Readonly<Record<string, string>> = {
  process: 'process_creation',
  file: 'file_event',
  registry: 'registry_set',
  network: 'network_connection',
  library: 'image_load',
  dns: 'dns_query',
};
const SYSMON_CATEGORIES: Readonly<Record<string, string>> = {
  '1': 'process_creation',
  '3': 'network_connection',
  '7': 'image_load',
  '11': 'file_event',
  '13': 'registry_set',
  '22': 'dns_query',
  // The Security log's process creations, whose fields Sigma's process_creation names as Sysmon's (EVENT_DATA_NAMES).
  '4688': 'process_creation',
  '10': 'process_access',
};
// The Security log's 4688 fields under Sysmon's names (no Sysmon event has fields of these names).
const EVENT_DATA_NAMES: Readonly<Record<string, string>> = { NewProcessName: 'Image', ParentProcessName: 'ParentImage' };
// The category a field's events belong to, most specific first: a file event names its process too.
// Sysmon's own names (winlog.event_data.*) say their event as the ECS prefixes do.
const FIELD_CATEGORIES: Array<[RegExp, string]> = [
  [/^powershell\.file\.script_block_text$|^winlog\.event_data\.scriptblocktext$/, 'ps_script'],
  [/^winlog\.event_data\.(?:grantedaccess|targetimage|sourceimage|calltrace)$|^target\.process\.(?:name|executable)$/, 'process_access'],
  [/^dns\.|^winlog\.event_data\.queryname$/, 'dns_query'],
  [/^dll\.|^winlog\.event_data\.imageloaded$/, 'image_load'],
  [/^registry\.|^winlog\.event_data\.(?:targetobject|details)$/, 'registry_set'],
  [/^file\.|^winlog\.event_data\.targetfilename$/, 'file_event'],
  [/^(?:destination|source|network)\.|^winlog\.event_data\.destination(?:ip|port|hostname)$/, 'network_connection'],
  [/^process\.|^winlog\.event_data\.(?:commandline|parentimage|parentcommandline|originalfilename)$/, 'process_creation'],
];
// In a process access (Sysmon 10) the event's process is the one that opened the other: SourceImage, not Image.
const ACCESS_FIELDS: Readonly<Record<string, FieldRule>> = {
  'process.name': { field: 'SourceImage', shape: 'name' },
  'process.executable': { field: 'SourceImage', shape: 'path' },
  'target.process.name': { field: 'TargetImage', shape: 'name' },
  'target.process.executable': { field: 'TargetImage', shape: 'path' },
};

const valuesOf = (node: QueryNode, field: string): string[] =>
  comparisons(node)
    .filter((found) => found.field.toLowerCase() === field)
    .flatMap((found) => found.values.map((value) => value.text.toLowerCase()));

/** The cloud log a query reads, from its indices, dataset, provider or fields; null for an endpoint query. */
function cloudLog(node: QueryNode, indices: readonly string[]): string | null {
  const datasets = [
    ...valuesOf(node, 'event.dataset'),
    ...valuesOf(node, 'data_stream.dataset'),
    ...valuesOf(node, 'event.module'),
    ...indices.map((index) => index.toLowerCase()),
  ];
  const fields = comparisons(node).map((found) => found.field.toLowerCase());
  for (const log of ['signinlogs', 'auditlogs', 'activitylogs'])
    if (datasets.some((dataset) => dataset.includes(log)) || fields.some((field) => field.startsWith(`azure.${log}.`))) return log;
  if (datasets.some((dataset) => dataset.includes('cloudtrail')) || fields.some((field) => field.startsWith('aws.cloudtrail.')))
    return 'cloudtrail';
  if (valuesOf(node, 'event.provider').some((provider) => provider.endsWith('.amazonaws.com'))) return 'cloudtrail';
  if (datasets.some((dataset) => /\bokta\b/.test(dataset)) || fields.some((field) => field.startsWith('okta.'))) return 'okta';
  if (fields.includes('eventsource') || fields.includes('eventname')) return 'cloudtrail';
  return null;
}

/** The OS a query's events come from: what it says (host.os.type), else what its values show, else the article's. */
function platformOf(node: QueryNode, hint: Platform | null): Platform {
  const stated = [
    ...valuesOf(node, 'host.os.type'),
    ...valuesOf(node, 'host.os.family'),
    ...valuesOf(node, 'os.type'),
    ...valuesOf(node, 'host.os.name'),
  ];
  if (stated.some((os) => os.includes('windows'))) return 'windows';
  if (stated.some((os) => os.includes('macos') || os.includes('darwin'))) return 'macos';
  if (stated.some((os) => os.includes('linux'))) return 'linux';
  const values = comparisons(node)
    .filter((found) => /^(?:process|file|dll)\./.test(found.field))
    .flatMap((found) => found.values.map((value) => value.text));
  if (values.some((value) => /\.exe$|^[a-z]:\\|\\/i.test(value))) return 'windows';
  if (values.some((value) => /^\/(?:usr|bin|tmp|etc|var|opt|home|dev)\b/.test(value))) return hint === 'macos' ? 'macos' : 'linux';
  // A path of the program or file written with slashes (`*/python3`) is a Unix path.
  const paths = comparisons(node)
    .filter((found) => /^(?:process\.(?:parent\.)?executable|file\.(?:path|directory)|dll\.path)$/.test(found.field))
    .flatMap((found) => found.values.map((value) => value.text));
  if (!hint && paths.some((path) => path.includes('/') && !path.includes('\\') && !/^[a-z]:/i.test(path))) return 'linux';
  // Windows names its processes with their extension (process.name is `cmd.exe`): a bare name is a Unix program.
  const names = comparisons(node)
    .filter((found) => /^process\.(?:parent\.)?name$/.test(found.field))
    .flatMap((found) => found.values.map((value) => value.text));
  if (!hint && names.length > 0 && names.every((name) => !/\.[a-z0-9]{2,4}\*?$/i.test(name))) return 'linux';
  return hint ?? 'windows';
}

/** The event kind Elastic Defend's data streams name (`logs-endpoint.events.process-*`), when every index names one kind. */
function indexCategory(indices: readonly string[]): string | undefined {
  const kinds = new Set(
    indices.map((index) => /endpoint\.events\.(process|file|network|registry|library|dns)\b/i.exec(index)?.[1]?.toLowerCase()),
  );
  const [kind] = kinds;
  return kinds.size === 1 && kind ? EQL_CATEGORIES[kind] : undefined;
}

/** Whether a field only ever says which log to read, whatever the log (event.category, @timestamp, the index). */
export const isLogField = (field: string): boolean => META_FIELDS.has(field.toLowerCase());

/** The logsource of a query: its cloud log, else its endpoint category (stated, else from its fields) and OS. */
export function targetOf(node: QueryNode, options: { category?: string; indices?: readonly string[]; platform: Platform | null }): Target {
  const log = cloudLog(node, options.indices ?? []);
  const channel = windowsChannel(node);
  if (channel) return { logsource: { product: 'windows', service: channel }, platform: 'windows' };
  // The Linux audit log's own records (a SPL search of linux:audit): Sigma reads them as auditd's.
  if (comparisons(node).some((found) => found.field.startsWith(AUDITD_PREFIX)))
    return { logsource: { product: 'linux', service: 'auditd' }, platform: 'linux' };
  const platform = platformOf(node, options.platform);
  if (log) return { logsource: { ...(CLOUD_LOGSOURCES[log] as { product: string; service: string }) }, platform };
  const stated = options.category && options.category !== 'any' ? EQL_CATEGORIES[options.category] : indexCategory(options.indices ?? []);
  const categories = valuesOf(node, 'event.category')
    .map((category) => EQL_CATEGORIES[category])
    .filter(Boolean);
  const fields = comparisons(node).map((found) => found.field.toLowerCase());
  // Sysmon's own fields (Beats', Wazuh's) with the Sysmon event ID the query names.
  const sysmonEvent = fields.some((field) => /^(?:winlog\.event_data|data\.win\.eventdata)\./.test(field))
    ? [...valuesOf(node, 'event.code'), ...valuesOf(node, 'winlog.event_id'), ...valuesOf(node, 'data.win.system.eventid')]
        .map((id) => SYSMON_CATEGORIES[id])
        .find(Boolean)
    : undefined;
  const byField = sysmonEvent ?? FIELD_CATEGORIES.find(([prefix]) => fields.some((field) => prefix.test(field)))?.[1];
  // An EQL `network where` over dns.* fields is a DNS query, a `process where` over Sysmon 10's fields a process
  // access (Winlogbeat files Sysmon 10 under the process category), and the Sysmon event a query names is its event.
  const category =
    byField === 'dns_query' || byField === 'process_access' || sysmonEvent
      ? byField
      : (stated ?? (new Set(categories).size === 1 ? categories[0] : undefined) ?? byField);
  if (!category) throw new Untranslatable('no event category');
  // Only Windows reports one process opening another (Sysmon 10).
  if (category === 'process_access') return { logsource: { category, product: 'windows' }, platform: 'windows' };
  return { logsource: { category, product: platform }, platform };
}

// What narrows a query to one estate (a host, an agent, a domain) or to what Elastic Defend adds to its events
// (process.Ext.*, code signatures): tests Sigma's events cannot make, which select nothing by themselves.
const UNCARRIED =
  /^(?:host\.(?:name|hostname|id|ip)|agent\.(?:id|name|hostname|version)|user\.(?:id|domain)|process\.thread\..*|(?:process\.(?:parent\.)?|file\.|dll\.)Ext\.(?!token\.integrity_level_name$).*|process\.(?:parent\.)?code_signature\..*|dll\.code_signature\.(?:trusted|status))$/;

/** Whether a query field is one Sigma cannot test but that only narrows the query (see UNCARRIED). */
export const isUncarriedField = (field: string): boolean => UNCARRIED.test(field);

/** Whether a field only says which log to read, on this target. */
export function isMetaField(field: string, target: Target): boolean {
  const lower = field.toLowerCase();
  // The System and Security logs hold many events: the rule names its own by EventID.
  if (isChannel(target.logsource.service) && EVENT_ID_FIELDS.has(lower)) return false;
  if (META_FIELDS.has(lower)) return true;
  return !target.logsource.service && ENDPOINT_META.has(lower);
}

/** A query comparison as Sigma's: its field mapped, each value shaped (a process name is the end of Image). */
export function sigmaComparison(field: string, values: readonly QueryValue[], target: Target): SigmaNode {
  // Elastic's case-insensitive and full-text copies of a keyword (`process.command_line.caseless`) are the field itself
  // to Sigma, whose matching ignores case.
  const lower = field.toLowerCase().replace(/\.(?:caseless|text)$/, '');
  const service = target.logsource.service;
  let mapped: FieldRule | undefined;
  if (isChannel(service)) {
    const data = /^(?:winlog\.event_data|data\.win\.eventdata)\.([A-Za-z]+)$/.exec(field)?.[1];
    const named = EVENT_ID_FIELDS.has(lower) ? 'EventID' : data ? `${data.charAt(0).toUpperCase()}${data.slice(1)}` : undefined;
    mapped = named ? { field: named, shape: 'plain' } : undefined;
  } else if (service === 'auditd') {
    mapped = field.startsWith(AUDITD_PREFIX) ? { field: field.slice(AUDITD_PREFIX.length), shape: 'plain' } : undefined;
  } else if (service) {
    const cloud = CLOUD_FIELDS[service]?.[lower] ?? NATIVE_CLOUD_FIELDS[service]?.find((native) => native.toLowerCase() === lower);
    mapped = cloud ? { field: cloud, shape: 'plain' } : undefined;
  } else {
    // Sysmon's own fields under winlog.event_data (Beats' Windows event logs) and data.win.eventdata (Wazuh, which
    // lowers their first letter) are Sigma's.
    const sysmon = /^(?:winlog\.event_data|data\.win\.eventdata)\.([A-Za-z]+)$/.exec(field)?.[1];
    const capitalised = sysmon ? `${sysmon.charAt(0).toUpperCase()}${sysmon.slice(1)}` : undefined;
    const named = capitalised ? (EVENT_DATA_NAMES[capitalised] ?? capitalised) : undefined;
    const access = target.logsource.category === 'process_access' ? ACCESS_FIELDS[lower] : undefined;
    mapped = access ?? ENDPOINT_FIELDS[lower] ?? (named ? { field: named, shape: 'plain' } : undefined);
    if (mapped?.categories && !mapped.categories.includes(target.logsource.category ?? '')) mapped = undefined;
  }
  if (!mapped) throw new Untranslatable(`unmapped field ${field}`);
  const rule = mapped;
  // A number compares only in a field that holds one (a port, an ID, a result code), not in a path or a command line.
  if (values.some((value) => /^(?:lt|lte|gt|gte)$/.test(value.kind)) && !NUMERIC_FIELDS.has(rule.field))
    throw new Untranslatable(`a numeric comparison of ${field}`);
  const sep = target.platform === 'windows' ? '\\' : '/';
  const shaped = values.map((value) => shape(value, rule.shape, sep));
  // One comparison per modifier: `process.name : ("bash", "*sh")` is two Sigma tests, either of which will do.
  const byModifier = new Map<SigmaModifier, string[]>();
  for (const { modifier, value } of shaped) byModifier.set(modifier, [...(byModifier.get(modifier) ?? []), value]);
  const nodes: SigmaNode[] = [...byModifier].map(([modifier, list]) => ({
    kind: 'cmp',
    field: rule.field,
    modifier,
    values: [...new Set(list)],
  }));
  return nodes.length === 1 ? (nodes[0] as SigmaNode) : { kind: 'or', children: nodes };
}

/**
 * A file directly in a folder (`file.directory`, Falco's `fd.directory`): the path is the folder, a separator and a
 * name holding none, as a regex over the whole path (a wildcard's star would reach into subfolders too).
 */
function inFolder(value: QueryValue, sep: string): string {
  if (value.kind === 'regex' || value.kind === 'cidr') throw new Untranslatable('a folder pattern');
  const escape = (text: string) => text.replace(/[.*?+^${}()|[\]\\]/g, '\\$&');
  // `/` is the root folder itself: its files are `/<name>`.
  const folder = value.text.replace(/[\\/]+$/, '');
  if (value.text === '' || (folder === '' && value.kind !== 'literal')) throw new Untranslatable('a value that matches anything');
  const pattern =
    value.kind === 'wildcard'
      ? folder
          .split(/([*?])/)
          .map((part) => (part === '*' ? '.*' : part === '?' ? '.' : escape(part)))
          .join('')
      : escape(folder);
  const separator = sep === '\\' ? '\\\\' : '/';
  return `${pattern}${separator}[^${separator}]+`;
}

/** ECS's network.direction as Sysmon's Initiated: the host opened the connection (egress) or accepted it (ingress). */
function initiated(value: QueryValue): string {
  const direction = value.kind === 'literal' ? value.text.toLowerCase() : '';
  if (direction === 'egress' || direction === 'outbound' || direction === 'outgoing') return 'true';
  if (direction === 'ingress' || direction === 'inbound' || direction === 'incoming') return 'false';
  throw new Untranslatable(`network direction ${value.text}`);
}

const NUMERIC_FIELDS = new Set([
  'DestinationPort',
  'SourcePort',
  'ProcessId',
  'ParentProcessId',
  'EventID',
  'ResultType',
  'TerminalSessionId',
]);

const HIVE =
  /^(?:HKEY_LOCAL_MACHINE|HKLM|HKEY_USERS|HKU|HKEY_CURRENT_USER|HKCU|HKEY_CLASSES_ROOT|HKCR|\\REGISTRY\\(?:MACHINE|USER))\\(?:\*\\)?/i;

/**
 * A regex that only says what text the value starts with, ends with, holds or is (`.*(?:certutil\.exe).*`,
 * `^/tmp/.*`) as the wildcard pattern a detection engineer writes for it, else null. The tree's regexes match the
 * whole value; a case-insensitive flag is dropped (Sigma's plain tests ignore case).
 */
function plainPattern(regex: string): string | null {
  let body = regex
    .replace(/^\(\?i\)/, '')
    .replace(/^\^/, '')
    .replace(/\$$/, '');
  const leading = body.startsWith('.*');
  if (leading) body = body.slice(2);
  // `.*` at the end, not an escaped dot repeated (`\.*`; `\\.*` is a backslash then anything).
  const trailing = body.endsWith('.*') && (/\\*$/.exec(body.slice(0, -2))?.[0].length ?? 0) % 2 === 0;
  if (trailing) body = body.slice(0, -2);
  const group = /^\(\?:(.*)\)$/.exec(body)?.[1];
  if (group !== undefined) body = group;
  // Only literal characters and escaped ones: no class, group, alternation, repetition or wildcard character.
  if (body === '' || !/^(?:[^\\.*+?()[\]{}|^$]|\\[.\\/\-*+?()[\]{}|^$ ])+$/.test(body)) return null;
  const text = body.replace(/\\(.)/g, '$1');
  if (/[*?]/.test(text)) return null;
  return `${leading ? '*' : ''}${text}${trailing ? '*' : ''}`;
}

function shape(value: QueryValue, kind: Shape, sep: string): { modifier: SigmaModifier; value: string } {
  if (value.kind === 'regex') {
    const plain = kind === 'folder' || kind.startsWith('hash-') ? null : plainPattern(value.text);
    if (plain !== null) return shape({ text: plain, kind: /\*/.test(plain) ? 'wildcard' : 'literal' }, kind, sep);
    // A program's name is the end of Image's path: the regex matches what follows its last separator.
    if (kind !== 'name') return { modifier: 're', value: value.text };
    const flags = /^\(\?[a-z]+\)/.exec(value.text)?.[0] ?? '';
    return { modifier: 're', value: `${flags}.*${sep === '\\' ? '\\\\' : '/'}(?:${value.text.slice(flags.length)})` };
  }
  if (value.kind === 'cidr') return { modifier: 'cidr', value: value.text };
  if (value.kind === 'lt' || value.kind === 'lte' || value.kind === 'gt' || value.kind === 'gte')
    return { modifier: value.kind, value: value.text };
  // Sysmon writes a process's hashes in one field, `SHA256=…,MD5=…`.
  if (kind.startsWith('hash-')) {
    if (value.kind !== 'literal' || !/^[a-f0-9]{32,64}$/i.test(value.text)) throw new Untranslatable('a hash pattern');
    return { modifier: 'contains', value: `${kind.slice(5).toUpperCase()}=${value.text}` };
  }
  // A literal folder is tested as engineers test it, the path starting with it (its subfolders' files too).
  if (kind === 'folder' && value.kind === 'literal' && value.text.replace(/[\\/]+$/, '') !== '')
    return { modifier: 'startswith', value: `${value.text.replace(/[\\/]+$/, '')}${sep}` };
  if (kind === 'folder') return { modifier: 're', value: inFolder(value, sep) };
  if (kind === 'direction') return { modifier: 'eq', value: initiated(value) };
  // A literal star or question mark (`"-c *"` compared with ==) would read as a wildcard in Sigma's value.
  if (value.kind === 'literal' && /[*?]/.test(value.text)) throw new Untranslatable('a literal wildcard character');
  const text = value.text;
  if (text.replace(/[*?\s]/g, '') === '') throw new Untranslatable('a value that matches anything');
  const pattern = (() => {
    switch (kind) {
      case 'name':
        return text.startsWith('*') || text.includes(sep) ? `*${text.replace(/^\*/, '')}` : `*${sep}${text}`;
      case 'args':
        return `*${text.replace(/^\*|\*$/g, '')}*`;
      case 'extension':
        return `*.${text.replace(/^\*?\.?/, '')}`;
      case 'registry-path':
        return `*\\${text.replace(HIVE, '').replace(/^\*?\\?/, '')}`;
      case 'registry-key':
        return `*\\${text
          .replace(HIVE, '')
          .replace(/^\*?\\?/, '')
          .replace(/\*$/, '')}*`;
      default:
        return text;
    }
  })();
  return reduced(pattern);
}
