import {
  and,
  boundOf,
  bounded,
  cmp,
  literal,
  NON_SELECTING,
  not,
  or,
  Untranslatable,
  type NumericBound,
  type QueryNode,
  type QueryValue,
} from './query-tree';
import { Cursor, tokenize, type Token } from './tokens';

/** A Splunk search's condition with its fields as ECS names, and what it reads. */
export interface SplSearch {
  /** The event kind its Sysmon EventCode says (process, file, network…), when it says one. */
  category?: string;
  /** The log its sourcetype names (aws:cloudtrail), as an index hint. */
  indices: string[];
  condition: QueryNode;
}

const LEXICON = {
  ops: ['!=', '<=', '>=', '=', '(', ')', ',', '|', '<', '>'],
  wordChar: /[^\s()=!"|,<>]/,
  lenientEscapes: true,
};

// Sysmon's field names (Splunk's Sysmon add-on keeps them), the CIM Endpoint data model's and CloudTrail's, as ECS's.
const FIELDS: Readonly<Record<string, string>> = {
  image: 'process.executable',
  commandline: 'process.command_line',
  parentimage: 'process.parent.executable',
  parentcommandline: 'process.parent.command_line',
  originalfilename: 'process.pe.original_file_name',
  currentdirectory: 'process.working_directory',
  user: 'user.name',
  targetfilename: 'file.path',
  targetobject: 'registry.path',
  details: 'registry.data.strings',
  queryname: 'dns.question.name',
  destinationip: 'destination.ip',
  destinationport: 'destination.port',
  destinationhostname: 'destination.domain',
  imageloaded: 'dll.path',
  // Sysmon 10: one process opening another.
  sourceimage: 'winlog.event_data.SourceImage',
  targetimage: 'winlog.event_data.TargetImage',
  grantedaccess: 'winlog.event_data.GrantedAccess',
  calltrace: 'winlog.event_data.CallTrace',
  process_name: 'process.name',
  process_path: 'process.executable',
  process: 'process.command_line',
  parent_process_name: 'process.parent.name',
  parent_process_path: 'process.parent.executable',
  parent_process: 'process.parent.command_line',
  file_path: 'file.path',
  file_name: 'file.name',
  registry_path: 'registry.path',
  dest_ip: 'destination.ip',
  dest_port: 'destination.port',
  // Windows Security 4688 process creations, as the event names its fields and as Splunk's Windows add-on does.
  newprocessname: 'process.executable',
  new_process_name: 'process.executable',
  parentprocessname: 'process.parent.executable',
  parent_process_name_path: 'process.parent.executable',
  creator_process_name: 'process.parent.executable',
  process_command_line: 'process.command_line',
  command_line: 'process.command_line',
  eventname: 'event.action',
  eventsource: 'event.provider',
  'useridentity.type': 'aws.cloudtrail.user_identity.type',
  errorcode: 'aws.cloudtrail.error_code',
  sourceipaddress: 'source.ip',
  'useridentity.arn': 'aws.cloudtrail.user_identity.arn',
  useragent: 'user_agent.original',
  awsregion: 'cloud.region',
  index: 'index',
  sourcetype: 'sourcetype',
  source: 'source',
  eventcode: 'event.code',
  eventid: 'event.code',
  // The CIM Endpoint, Network_Traffic and Network_Resolution data models' other fields (tstats reads them).
  original_file_name: 'process.pe.original_file_name',
  process_current_directory: 'process.working_directory',
  registry_key_name: 'registry.key',
  registry_value_name: 'registry.value',
  registry_value_data: 'registry.data.strings',
  src_ip: 'source.ip',
  query: 'dns.question.name',
  dest: 'host.name',
  // The Windows System and Security logs' event data (services installed, tasks created, logons) as the XML events
  // name it and as Splunk's classic Windows add-on does, and PowerShell's script blocks.
  servicename: 'winlog.event_data.ServiceName',
  service_name: 'winlog.event_data.ServiceName',
  imagepath: 'winlog.event_data.ImagePath',
  service_file_name: 'winlog.event_data.ImagePath',
  servicetype: 'winlog.event_data.ServiceType',
  service_type: 'winlog.event_data.ServiceType',
  starttype: 'winlog.event_data.StartType',
  service_start_type: 'winlog.event_data.StartType',
  taskname: 'winlog.event_data.TaskName',
  task_name: 'winlog.event_data.TaskName',
  taskcontent: 'winlog.event_data.TaskContent',
  task_content: 'winlog.event_data.TaskContent',
  subjectusername: 'winlog.event_data.SubjectUserName',
  targetusername: 'winlog.event_data.TargetUserName',
  logontype: 'winlog.event_data.LogonType',
  logon_type: 'winlog.event_data.LogonType',
  ipaddress: 'winlog.event_data.IpAddress',
  workstationname: 'winlog.event_data.WorkstationName',
  // A handle requested to an object (4656) or an access to it (4663).
  objectname: 'winlog.event_data.ObjectName',
  object_name: 'winlog.event_data.ObjectName',
  objecttype: 'winlog.event_data.ObjectType',
  accessmask: 'winlog.event_data.AccessMask',
  access_mask: 'winlog.event_data.AccessMask',
  accesslist: 'winlog.event_data.AccessList',
  processname: 'winlog.event_data.ProcessName',
  scriptblocktext: 'powershell.file.script_block_text',
  // The Linux audit log's records (sourcetype linux:audit) as auditd writes their fields; no other log's.
  ...Object.fromEntries(
    ['type', 'name', 'nametype', 'syscall', 'exe', 'comm', 'key', 'a0', 'a1', 'a2', 'a3', 'auid', 'euid', 'success', 'proctitle'].map(
      (name) => [name, `auditd.${name}`],
    ),
  ),
};
// The log Splunk's own search macros (security_content's) stand for, as the sourcetype they search.
const LOG_MACROS: Readonly<Record<string, string>> = {
  sysmon: 'XmlWinEventLog:Microsoft-Windows-Sysmon/Operational',
  wineventlog_security: 'WinEventLog:Security',
  wineventlog_system: 'WinEventLog:System',
  powershell: 'XmlWinEventLog:Microsoft-Windows-PowerShell/Operational',
  cloudtrail: 'aws:cloudtrail',
  aws_cloudtrail: 'aws:cloudtrail',
  linux_auditd: 'linux:audit',
  wineventlog_application: 'WinEventLog:Application',
  powershell_operational: 'XmlWinEventLog:Microsoft-Windows-PowerShell/Operational',
};
// The CIM data models tstats reads, as the event kind (EQL's name) each holds.
const DATAMODELS: Readonly<Record<string, string>> = {
  'endpoint.processes': 'process',
  'endpoint.filesystem': 'file',
  'endpoint.registry': 'registry',
  network_traffic: 'network',
  'network_traffic.all_traffic': 'network',
  network_resolution: 'dns',
  'network_resolution.dns': 'dns',
};
const SYSMON_EVENTS: Readonly<Record<string, string>> = {
  '1': 'process',
  '4688': 'process',
  '3': 'network',
  '7': 'library',
  '11': 'file',
  '12': 'registry',
  '13': 'registry',
  '14': 'registry',
  '22': 'dns',
};

/**
 * A Splunk search (`index=… sourcetype=… Image="*\\x.exe" CommandLine="*-enc*"`) and the `| search` commands after it:
 * field=value and field!=value (wildcards in either), IN lists, NOT, OR, AND and terms joined by nothing (AND).
 * Sysmon's, Windows Security 4688's, the CIM's and CloudTrail's fields are read. A `| where` before any aggregation
 * narrows in a way not read here (a test that selects nothing by itself); table, fields, sort, head, dedup and the
 * like change no event's match, join and regex filter in ways not read here (Untranslatable); after stats, timechart and the other aggregations the rest tests what the search
 * computed. `| tstats … from datamodel=… where …` is its where clause over the data model's event kind; log macros
 * are their sourcetype (expandedMacros). A bare keyword, another command or macro first, any other field or a search
 * over computed fields throws Untranslatable.
 */
export function parseSpl(text: string): SplSearch {
  const source = expandedMacros(text.trim().replace(/^search\s+/i, ''));
  const tstats = /^\|\s*tstats\b/i.test(source);
  if (/^\|/.test(source) && !tstats) throw new Untranslatable('a command first');
  const stages: Token[][] = [[]];
  for (const token of tokenize(source.replace(/^\|\s*/, ''), LEXICON)) {
    if (token.type === 'op' && token.text === '|') stages.push([]);
    else (stages.at(-1) as Token[]).push(token);
  }
  const state: State = { category: undefined, indices: [], prefix: undefined };
  // tstats over a data model aggregates: what follows it tests what it computed.
  if (tstats) return { ...datamodelSearch(stages[0] as Token[], state), indices: state.indices };
  const conditions = [searchOf(stages[0] as Token[], state)];
  let computed = false;
  for (const [command, ...rest] of stages.slice(1)) {
    const verb = command?.type === 'word' ? command.text.toLowerCase() : '';
    if (AGGREGATING.has(verb)) break;
    if (verb === 'search') {
      if (computed) throw new Untranslatable('a search over computed fields');
      conditions.push(searchOf(rest, state));
    } else if (verb === 'where') conditions.push(cmp(NON_SELECTING, [literal('where')]));
    else if (COMPUTING.has(verb)) computed = true;
    else if (FILTERING.has(verb)) throw new Untranslatable(`SPL ${verb}`);
  }
  return { ...(state.category ? { category: state.category } : {}), indices: state.indices, condition: and(conditions) };
}

// Commands that compute new fields (a later search tests them), that filter in ways not read here, and aggregations;
// the rest (table, fields, sort, head, dedup…) change no event's match.
const COMPUTING = new Set(['eval', 'rex', 'rename', 'lookup', 'spath', 'extract', 'kv', 'iplocation']);
const FILTERING = new Set(['join', 'regex', 'append', 'appendpipe', 'union', 'multisearch']);
const AGGREGATING = new Set(['stats', 'tstats', 'chart', 'timechart', 'eventstats', 'streamstats', 'transaction', 'top', 'rare']);

/**
 * Splunk's search macros: a log's (`sysmon`, `wineventlog_security`) as the sourcetype it searches; tstats'
 * summariesonly option, security_content's output macros (drop_dm_object_name, security_content_ctime) and its
 * `…_filter` tuning hooks, empty until an operator fills them, as nothing. security_content's program macros
 * (`process_rundll32`) as the program they name, by its name or its original file name: the macro may name a sibling
 * too (`process_net` also net1.exe), which the rule then misses, never the other way round. Any other macro is the
 * site's own, its definition unknown.
 */
function expandedMacros(text: string): string {
  return text.replace(/`([\w-]+)(?:\(([^`]*)\))?`/g, (_whole, name: string) => {
    const lower = name.toLowerCase();
    const log = LOG_MACROS[lower];
    if (log) return `sourcetype="${log}"`;
    if (/(?:^|_)summariesonly$/.test(lower)) return '';
    if (/^(?:drop_dm_object_name|security_content_ctime)$|_filter$/.test(lower)) return 'table';
    const program = /^process_([a-z][a-z0-9]*)$/.exec(lower)?.[1];
    if (program) return `(process_name="${program}.exe" OR original_file_name="${program}.exe")`;
    throw new Untranslatable(`macro ${name} (a site's own search macro: its definition is not in the query)`);
  });
}

/** `tstats … from datamodel=Endpoint.Processes where Processes.process_name=x by …`: the where clause's search. */
function datamodelSearch(tokens: Token[], state: State): { category?: string; condition: QueryNode } {
  const at = tokens.findIndex((token, index) => /^from$/i.test(token.text) && /^datamodel$/i.test(tokens[index + 1]?.text ?? ''));
  const model = tokens[at + 3];
  if (at < 0 || tokens[at + 2]?.text !== '=' || !model) throw new Untranslatable('tstats without a data model');
  const category = DATAMODELS[model.text.toLowerCase()];
  if (!category) throw new Untranslatable(`data model ${model.text}`);
  const where = tokens.findIndex((token, index) => index > at + 3 && token.type === 'word' && /^where$/i.test(token.text));
  if (where < 0) throw new Untranslatable('nothing tested beyond the log');
  const by = tokens.findIndex((token, index) => index > where && token.type === 'word' && /^by$/i.test(token.text));
  // The data model's fields are named by its dataset (`Processes.process_name`).
  const lower = model.text.toLowerCase();
  state.prefix = `${lower === 'network_traffic' ? 'all_traffic' : lower === 'network_resolution' ? 'dns' : lower.split('.').at(-1)}.`;
  return { category, condition: searchOf(tokens.slice(where + 1, by < 0 ? undefined : by), state) };
}

function searchOf(tokens: Token[], state: State): QueryNode {
  const cursor = new Cursor(tokens);
  const condition = andExpr(cursor, state);
  if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return condition;
}

interface State {
  category: string | undefined;
  indices: string[];
  /** The data model dataset's name its fields carry in tstats (`processes.`). */
  prefix: string | undefined;
}

const ends = (token: Token | undefined) => !token || token.text === '|' || token.text === ')';

// The search command takes OR before AND (explicit or implied between terms): `a b OR c` is a and (b or c).
function andExpr(cursor: Cursor, state: State): QueryNode {
  const children = [orExpr(cursor, state)];
  for (;;) {
    cursor.accept('and');
    if (ends(cursor.peek())) break;
    children.push(orExpr(cursor, state));
  }
  return and(children);
}

function orExpr(cursor: Cursor, state: State): QueryNode {
  const children = [notExpr(cursor, state)];
  while (cursor.accept('or')) children.push(notExpr(cursor, state));
  return or(children);
}

function notExpr(cursor: Cursor, state: State): QueryNode {
  if (cursor.accept('not')) return not(notExpr(cursor, state));
  if (cursor.accept('(')) {
    const inner = andExpr(cursor, state);
    cursor.expect(')');
    return inner;
  }
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable('a bare keyword');
  const name = head.text.toLowerCase();
  const field = FIELDS[state.prefix && name.startsWith(state.prefix) ? name.slice(state.prefix.length) : name];
  const op = cursor.next();
  if (!field) throw new Untranslatable(`unmapped field ${head.text}`);
  let values: QueryValue[];
  if (op.text.toLowerCase() === 'in') {
    cursor.expect('(');
    values = [valueOf(cursor.next())];
    while (cursor.accept(',')) values.push(valueOf(cursor.next()));
    cursor.expect(')');
  } else if (op.text === '=' || op.text === '!=') values = [valueOf(cursor.next())];
  else if (boundOf(op.text)) return bounded(field, boundOf(op.text) as NumericBound, valueOf(cursor.next()).text);
  else throw new Untranslatable(`operator ${op.text}`);
  if (field === 'sourcetype' || field === 'index' || field === 'source') state.indices.push(...values.map((value) => value.text));
  if (field === 'event.code') state.category ??= SYSMON_EVENTS[values[0]?.text ?? ''];
  const node = cmp(field, values);
  return op.text === '!=' ? not(node) : node;
}

function valueOf(token: Token): QueryValue {
  if (token.type !== 'str' && token.type !== 'word') throw new Untranslatable(`value ${token.text}`);
  // Splunk's search matches an address against a network written as one (`src_ip=10.0.0.0/8`).
  if (/^\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}$/.test(token.text)) return { text: token.text, kind: 'cidr' };
  return { text: token.text, kind: /[*?]/.test(token.text) ? 'wildcard' : 'literal' };
}
