import { booleanCondition } from './boolean-grammar';
import {
  boundOf,
  bounded,
  cmp,
  literal,
  NON_SELECTING,
  not,
  Untranslatable,
  type NumericBound,
  type QueryNode,
  type QueryValue,
} from './query-tree';
import { Cursor, tokenize, type Token } from './tokens';

/** An XQL query (Cortex XDR, XSIAM) as what its source and `filter` stages ask, its fields as ECS names. */
export interface XqlQuery {
  /** The event kind (EQL's name: process, file, registry, network, library) its dataset, preset or event_type says. */
  category: string;
  condition: QueryNode;
}

const LEXICON = {
  ops: ['!=', '~=', '<=', '>=', '=', '(', ')', ',', '|', '<', '>'],
  wordChar: /[\w.$-]/,
  singleQuotes: true,
  lenientEscapes: true,
  comments: true,
};

// The event kind each dataset or preset holds; xdr_data holds every kind, which event_type or the fields then say.
const SOURCES: Readonly<Record<string, string | null>> = {
  xdr_data: null,
  process_event_data: 'process',
  file_event_data: 'file',
  registry_event_data: 'registry',
  network_story: 'network',
  xdr_process: 'process',
  xdr_file: 'file',
  xdr_registry: 'registry',
  xdr_network: 'network',
  xdr_image_load: 'library',
};
// event_type's values (`ENUM.PROCESS`, `"PROCESS"`) as event kinds.
const EVENT_TYPES: Readonly<Record<string, string>> = {
  process: 'process',
  file: 'file',
  registry: 'registry',
  network: 'network',
  load_image: 'library',
};
// The acting process's fields; the actor is the process that acted, which in a process event is the new one's parent.
const ACTION_PROCESS: Readonly<Record<string, string>> = {
  action_process_image_name: 'process.name',
  action_process_image_path: 'process.executable',
  action_process_image_command_line: 'process.command_line',
  action_process_command_line: 'process.command_line',
  action_process_username: 'user.name',
  action_process_image_sha256: 'process.hash.sha256',
  action_process_image_md5: 'process.hash.md5',
};
const ACTOR_PROCESS: Readonly<Record<string, [asParent: string, asActor: string]>> = {
  actor_process_image_name: ['process.parent.name', 'process.name'],
  actor_process_image_path: ['process.parent.executable', 'process.executable'],
  actor_process_image_command_line: ['process.parent.command_line', 'process.command_line'],
  actor_process_command_line: ['process.parent.command_line', 'process.command_line'],
};
const ACTION_FIELDS: Readonly<Record<string, [category: string, field: string]>> = {
  action_file_path: ['file', 'file.path'],
  action_file_name: ['file', 'file.name'],
  action_file_extension: ['file', 'file.extension'],
  action_registry_key_name: ['registry', 'registry.path'],
  action_registry_value_name: ['registry', 'registry.value'],
  action_registry_data: ['registry', 'registry.data.strings'],
  action_remote_ip: ['network', 'destination.ip'],
  action_remote_port: ['network', 'destination.port'],
  dst_action_external_hostname: ['network', 'destination.domain'],
  action_external_hostname: ['network', 'destination.domain'],
  action_module_path: ['library', 'dll.path'],
};
// What says which events to read, or narrows to an estate: the log's own tests.
const LOG_FIELDS: Readonly<Record<string, string>> = {
  _time: '@timestamp',
  event_type: 'event.category',
  event_sub_type: 'event.action',
  agent_hostname: 'host.name',
  agent_id: 'agent.id',
  agent_os_type: 'host.os.type',
};

// Stages that shape the output, the ones that aggregate (what follows tests what they computed), and `alter`, whose
// new fields no event carries.
const OUTPUT = new Set(['fields', 'sort', 'limit', 'dedup', 'view']);
const AGGREGATING = new Set(['comp', 'windowcomp', 'top', 'bin', 'transaction']);

/**
 * `dataset = xdr_data | filter event_type = ENUM.PROCESS and action_process_image_name ~= "x" | fields …`: the source
 * and event_type say which events, each `filter` (joined by and) what they show. Operators =, !=, ~= (a regex found in
 * the value), contains, in, incidr (each also after not), <, <=, >, >=; and, or, not, brackets. A time window is when
 * to look; stages after an aggregation test what it computed. join, union, call, a filter over an `alter`ed field,
 * another source or an unmapped field throw Untranslatable.
 */
export function parseXql(text: string): XqlQuery {
  const stages: Token[][] = [[]];
  for (const token of tokenize(text, LEXICON)) {
    if (token.type === 'op' && token.text === '|') stages.push([]);
    else (stages.at(-1) as Token[]).push(token);
  }
  // `config case_sensitive = false` comes before the source.
  while (stages[0]?.[0]?.text.toLowerCase() === 'config') stages.shift();
  const [source, ...rest] = stages;
  const named = sourceOf(source ?? []);
  const state: State = { altered: new Set() };
  const filters: QueryNode[] = [];
  for (const [verb, ...tokens] of rest) {
    const command = verb?.text.toLowerCase() ?? '';
    if (AGGREGATING.has(command)) break;
    if (command === 'filter') {
      const cursor = new Cursor(tokens);
      filters.push(booleanCondition(cursor, (at) => test(at, state)));
      if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
    } else if (command === 'alter') {
      for (const [index, token] of tokens.entries())
        if (tokens[index + 1]?.text === '=' && token.type === 'word') state.altered.add(token.text);
    } else if (!OUTPUT.has(command)) throw new Untranslatable(`XQL ${command || 'stage'}`);
  }
  if (filters.length === 0) throw new Untranslatable('no filter');
  const raw: QueryNode = filters.length === 1 ? (filters[0] as QueryNode) : { kind: 'and', children: filters };
  const category = named ?? categoryOf(raw);
  return { category, condition: mapped(raw, category) };
}

interface State {
  altered: Set<string>;
}

function sourceOf(tokens: Token[]): string | null {
  const words = tokens.map((token) => token.text.toLowerCase());
  const at = words.findIndex((word) => word === 'dataset' || word === 'preset');
  const name = at >= 0 && words[at + 1] === '=' ? words[at + 2] : undefined;
  if (!name || !(name in SOURCES)) throw new Untranslatable(`XQL source ${tokens.map((token) => token.text).join(' ') || 'missing'}`);
  return SOURCES[name] ?? null;
}

/** The event kind of an xdr_data query: its event_type, else the one kind its fields belong to. */
function categoryOf(node: QueryNode): string {
  const found = comparisonsOf(node);
  const typed = found
    .filter((test) => test.field === 'event_type')
    .flatMap((test) => test.values.map((value) => EVENT_TYPES[kindName(value.text)]));
  if (typed.length > 0 && typed.every((kind) => kind === typed[0]) && typed[0]) return typed[0];
  const kinds = new Set(
    found.flatMap((test) =>
      test.field.startsWith('action_process_') ? ['process'] : ACTION_FIELDS[test.field] ? [ACTION_FIELDS[test.field]?.[0]] : [],
    ),
  );
  const [kind] = kinds;
  if (kinds.size !== 1 || !kind) throw new Untranslatable('no event category');
  return kind;
}

const kindName = (text: string): string => text.replace(/^ENUM\./i, '').toLowerCase();

function comparisonsOf(node: QueryNode): Array<Extract<QueryNode, { kind: 'cmp' }>> {
  if (node.kind === 'cmp') return [node];
  if (node.kind === 'not') return comparisonsOf(node.child);
  return node.children.flatMap(comparisonsOf);
}

/** The tree with XQL's field names as ECS's, in the events of `category`. */
function mapped(node: QueryNode, category: string): QueryNode {
  if (node.kind === 'not') return not(mapped(node.child, category));
  if (node.kind !== 'cmp') return { kind: node.kind, children: node.children.map((child) => mapped(child, category)) };
  const name = node.field;
  if (name === NON_SELECTING) return node;
  const log = LOG_FIELDS[name];
  if (log === 'host.os.type')
    return cmp(
      log,
      node.values.map((value) => literal(kindName(value.text).replace(/^agent_os_/, ''))),
    );
  if (log) return cmp(log, node.values);
  const actor = ACTOR_PROCESS[name];
  if (actor) return cmp(category === 'process' ? actor[0] : actor[1], node.values);
  const action = ACTION_PROCESS[name];
  if (action && category === 'process') return cmp(action, node.values);
  const other = ACTION_FIELDS[name];
  if (other && other[0] === category) return cmp(other[1], node.values);
  throw new Untranslatable(`unmapped field ${name}`);
}

function test(cursor: Cursor, state: State): QueryNode {
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  if (state.altered.has(head.text)) throw new Untranslatable('a filter over computed columns');
  const field = head.text.toLowerCase();
  if (field === '_time') {
    skipWindow(cursor);
    return cmp(field, [literal('window')]);
  }
  const negated = cursor.accept('not');
  const op = cursor.next().text.toLowerCase();
  let node: QueryNode;
  if (op === '=' || op === '!=') {
    const value = cursor.next();
    // `field != null`: that the field is set, which narrows nothing Sigma's events leave empty.
    if (value.type === 'word' && value.text.toLowerCase() === 'null') return cmp(NON_SELECTING, [literal(field)]);
    node = cmp(field, [literal(valueText(value))]);
  } else if (op === '~=') node = cmp(field, [{ text: `.*(?:${valueText(cursor.next())}).*`, kind: 'regex' }]);
  else if (op === 'contains') node = cmp(field, [wildcard(`*${valueText(cursor.next())}*`)]);
  else if (op === 'in') node = cmp(field, list(cursor).map(pattern));
  else if (op === 'incidr') node = cmp(field, [{ text: valueText(cursor.next()), kind: 'cidr' }]);
  else if (boundOf(op)) node = bounded(field, boundOf(op) as NumericBound, valueText(cursor.next()));
  else throw new Untranslatable(`operator ${op}`);
  return negated || op === '!=' ? not(node) : node;
}

/** `_time >= now() - duration("7d")`: up to the next `and`/`or` or closing bracket of the condition. */
function skipWindow(cursor: Cursor): void {
  let depth = 0;
  for (;;) {
    const next = cursor.peek();
    if (!next || (depth === 0 && (next.text === ')' || /^(?:and|or)$/i.test(next.text)))) return;
    if (next.text === '(') depth++;
    if (next.text === ')') depth--;
    cursor.next();
  }
}

function list(cursor: Cursor): string[] {
  cursor.expect('(');
  const values = [valueText(cursor.next())];
  while (cursor.accept(',')) values.push(valueText(cursor.next()));
  cursor.expect(')');
  return values;
}

// XQL's `in` takes `*` as any run; `=` compares the text as it is.
const pattern = (text: string): QueryValue => ({ text, kind: /\*/.test(text) ? 'wildcard' : 'literal' });

function wildcard(text: string): QueryValue {
  if (/[*?]/.test(text.slice(1, -1))) throw new Untranslatable('a literal wildcard character');
  return { text, kind: 'wildcard' };
}

function valueText(token: Token): string {
  if (token.type === 'str' || token.type === 'word') return token.text;
  throw new Untranslatable(`value ${token.text}`);
}
