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
  index: 'index',
  sourcetype: 'sourcetype',
  source: 'source',
  eventcode: 'event.code',
  eventid: 'event.code',
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
 * computed. A bare keyword, `tstats`, a macro, any other field or a search over computed fields throws
 * Untranslatable.
 */
export function parseSpl(text: string): SplSearch {
  const source = text.trim().replace(/^search\s+/i, '');
  if (/^\||`/.test(source)) throw new Untranslatable('a command or macro first');
  const stages: Token[][] = [[]];
  for (const token of tokenize(source, LEXICON)) {
    if (token.type === 'op' && token.text === '|') stages.push([]);
    else (stages.at(-1) as Token[]).push(token);
  }
  const state = { category: undefined as string | undefined, indices: [] as string[] };
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

function searchOf(tokens: Token[], state: State): QueryNode {
  const cursor = new Cursor(tokens);
  const condition = orExpr(cursor, state);
  if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return condition;
}

interface State {
  category: string | undefined;
  indices: string[];
}

const ends = (token: Token | undefined) => !token || token.text === '|' || token.text === ')' || /^or$/i.test(token.text);

function orExpr(cursor: Cursor, state: State): QueryNode {
  const children = [andExpr(cursor, state)];
  while (cursor.accept('or')) children.push(andExpr(cursor, state));
  return or(children);
}

function andExpr(cursor: Cursor, state: State): QueryNode {
  const children = [notExpr(cursor, state)];
  for (;;) {
    cursor.accept('and');
    if (ends(cursor.peek())) break;
    children.push(notExpr(cursor, state));
  }
  return and(children);
}

function notExpr(cursor: Cursor, state: State): QueryNode {
  if (cursor.accept('not')) return not(notExpr(cursor, state));
  if (cursor.accept('(')) {
    const inner = orExpr(cursor, state);
    cursor.expect(')');
    return inner;
  }
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable('a bare keyword');
  const field = FIELDS[head.text.toLowerCase()];
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
  return { text: token.text, kind: /[*?]/.test(token.text) ? 'wildcard' : 'literal' };
}
