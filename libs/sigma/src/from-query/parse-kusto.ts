import { orOfAnds } from './boolean-grammar';
import { and, boundOf, bounded, cmp, literal, not, Untranslatable, type NumericBound, type QueryNode, type QueryValue } from './query-tree';
import { windowsChannel } from './ecs-fields';
import { Cursor, tokenize, type Token } from './tokens';

/**
 * A Kusto query (Microsoft Defender XDR advanced hunting, Sentinel) read as what its table and `where` clauses ask,
 * with the table's columns named as the ECS fields ecs-fields.ts maps to Sigma: `DeviceProcessEvents | where
 * FileName =~ "x.exe"` is a process_creation test of process.name. `category` is EQL's name for the event kind;
 * `indices` names a cloud log.
 */
export interface KustoQuery {
  category?: string;
  indices: string[];
  condition: QueryNode;
}

interface Table {
  category?: string;
  indices?: string[];
  columns: Readonly<Record<string, string>>;
  /** Comparisons the table always carries (SecurityEvent's process creations are event 4688). */
  requires?: (condition: QueryNode) => boolean;
}

/** A column holding the event's whole record (its XML, its message): the query searches text, Sigma tests fields. */
const WHOLE_EVENT_DATA = '@whole-event-data';
// Tables whose events hold free text, which a rule of fields does not test, and why.
const TEXT_TABLES: Readonly<Record<string, string>> = {
  syslog: 'Kusto table Syslog: its events are free-text messages, which Sigma tests as keywords, not fields',
};

// The initiating process of a file, registry, network or image-load event is the event's own process (Image).
const INITIATING = {
  InitiatingProcessFileName: 'process.name',
  InitiatingProcessFolderPath: 'process.executable',
  InitiatingProcessCommandLine: 'process.command_line',
  ActionType: 'event.action',
  Timestamp: '@timestamp',
  TimeGenerated: '@timestamp',
};
const TABLES: Readonly<Record<string, Table>> = {
  deviceprocessevents: {
    category: 'process',
    columns: {
      FileName: 'process.name',
      FolderPath: 'process.executable',
      ProcessCommandLine: 'process.command_line',
      ProcessVersionInfoOriginalFileName: 'process.pe.original_file_name',
      InitiatingProcessFileName: 'process.parent.name',
      InitiatingProcessFolderPath: 'process.parent.executable',
      InitiatingProcessCommandLine: 'process.parent.command_line',
      AccountName: 'user.name',
      SHA256: 'process.hash.sha256',
      SHA1: 'process.hash.sha1',
      MD5: 'process.hash.md5',
      ActionType: 'event.action',
      Timestamp: '@timestamp',
      TimeGenerated: '@timestamp',
    },
  },
  devicefileevents: {
    category: 'file',
    // FolderPath holds the file's whole path, its name included.
    columns: { ...INITIATING, FileName: 'file.name', FolderPath: 'file.path' },
  },
  deviceregistryevents: {
    category: 'registry',
    columns: {
      ...INITIATING,
      RegistryKey: 'registry.key',
      RegistryValueName: 'registry.value',
      RegistryValueData: 'registry.data.strings',
    },
  },
  devicenetworkevents: {
    category: 'network',
    columns: { ...INITIATING, RemoteUrl: 'destination.domain', RemoteIP: 'destination.ip', RemotePort: 'destination.port' },
  },
  deviceimageloadevents: {
    category: 'library',
    columns: { ...INITIATING, FileName: 'dll.name', FolderPath: 'dll.path' },
  },
  // Windows security log process creations (4688) as Sentinel stores them.
  securityevent: {
    category: 'process',
    columns: {
      EventID: 'event.code',
      NewProcessName: 'process.executable',
      Process: 'process.name',
      CommandLine: 'process.command_line',
      ParentProcessName: 'process.parent.executable',
      Timestamp: '@timestamp',
      TimeGenerated: '@timestamp',
      // The event data of the Security log's other events (logons, services, accounts), read by their EventID.
      ...Object.fromEntries(
        [
          'SubjectUserName',
          'TargetUserName',
          'LogonType',
          'IpAddress',
          'WorkstationName',
          'ServiceName',
          'ServiceFileName',
          'LogonProcessName',
          'AuthenticationPackageName',
          'ShareName',
          'RelativeTargetName',
          'ObjectName',
          'ObjectType',
          'AccessMask',
          'AccessList',
          'ProcessName',
        ].map((name) => [name, `winlog.event_data.${name}`]),
      ),
    },
    requires: (condition) =>
      eventIds(condition).length > 0 && (eventIds(condition).every((id) => id === '4688') || windowsChannel(condition) !== null),
  },
  // The Advanced Security Information Model's process creations (Sentinel's normalised view of every EDR's).
  improcesscreate: {
    category: 'process',
    columns: {
      TargetProcessName: 'process.executable',
      Process: 'process.executable',
      TargetProcessFilename: 'process.name',
      TargetProcessCommandLine: 'process.command_line',
      CommandLine: 'process.command_line',
      ActingProcessName: 'process.parent.executable',
      ParentProcessName: 'process.parent.executable',
      ActingProcessCommandLine: 'process.parent.command_line',
      TargetUsername: 'user.name',
      DvcHostname: 'host.name',
      EventType: 'event.type',
      TimeGenerated: '@timestamp',
    },
  },
  // Windows event logs collected by the Log Analytics agent (Sysmon's, the System log's): the log and event ID are
  // columns, each event's own fields only in its EventData XML, which `parse EventData with …` or
  // `extract('Name="Image">…', 1, EventData)` names (their columns added where the query reads them).
  event: {
    columns: {
      Source: 'winlog.channel',
      EventLog: 'winlog.channel',
      EventID: 'event.code',
      Computer: 'host.name',
      EventData: WHOLE_EVENT_DATA,
      ParameterXml: WHOLE_EVENT_DATA,
      RenderedDescription: WHOLE_EVENT_DATA,
      TimeGenerated: '@timestamp',
    },
  },
  // Sentinel's Sysmon parser function: Sysmon's events with their own field names as columns.
  sysmon: {
    columns: {
      EventID: 'event.code',
      Computer: 'host.name',
      TimeGenerated: '@timestamp',
      ...Object.fromEntries(
        [
          'Image',
          'CommandLine',
          'ParentImage',
          'ParentCommandLine',
          'OriginalFileName',
          'CurrentDirectory',
          'User',
          'IntegrityLevel',
          'Hashes',
          'TargetFilename',
          'TargetObject',
          'Details',
          'DestinationIp',
          'DestinationPort',
          'DestinationHostname',
          'QueryName',
          'ImageLoaded',
          'Signed',
          'SourceImage',
          'TargetImage',
          'GrantedAccess',
          'CallTrace',
        ].map((name) => [name, `winlog.event_data.${name}`]),
      ),
    },
  },
  // Defender's other events: only a process opening another's memory (Sysmon 10's kind) translates.
  deviceevents: {
    category: 'process_access',
    columns: {
      ...INITIATING,
      FileName: 'target.process.name',
      FolderPath: 'target.process.executable',
    },
    requires: (condition) => actionTypes(condition).length > 0 && actionTypes(condition).every((type) => type === 'openprocessapicall'),
  },
  azureactivity: {
    indices: ['activitylogs'],
    columns: {
      OperationNameValue: 'azure.activitylogs.operation_name',
      OperationName: 'azure.activitylogs.operation_name',
      TimeGenerated: '@timestamp',
    },
  },
  signinlogs: {
    indices: ['signinlogs'],
    columns: {
      ResultType: 'ResultType',
      ResultDescription: 'ResultDescription',
      AppDisplayName: 'AppDisplayName',
      ResourceDisplayName: 'ResourceDisplayName',
      ClientAppUsed: 'ClientAppUsed',
      UserPrincipalName: 'UserPrincipalName',
      IPAddress: 'IPAddress',
      TimeGenerated: '@timestamp',
    },
  },
  auditlogs: {
    indices: ['auditlogs'],
    columns: {
      OperationName: 'azure.auditlogs.operation_name',
      ActivityDisplayName: 'azure.auditlogs.operation_name',
      TimeGenerated: '@timestamp',
    },
  },
};

// Entra ID's non-interactive sign-ins (tokens refreshed, apps signing in for a user) are sign-in logs of the same shape.
const TABLE_ALIASES: Readonly<Record<string, string>> = { aadnoninteractiveusersigninlogs: 'signinlogs' };

const actionTypes = (node: QueryNode): string[] =>
  node.kind === 'cmp'
    ? node.field === 'event.action'
      ? node.values.map((value) => value.text.toLowerCase())
      : []
    : node.kind === 'not'
      ? actionTypes(node.child).map(() => 'negated')
      : node.children.flatMap(actionTypes);

const eventIds = (node: QueryNode): string[] =>
  node.kind === 'cmp'
    ? node.field === 'event.code'
      ? node.values.map((value) => value.text)
      : []
    : node.kind === 'not'
      ? eventIds(node.child).map(() => 'negated')
      : node.children.flatMap(eventIds);

const LEXICON = {
  ops: ['==', '=~', '!=', '!~', '<=', '>=', '<', '>', '=', '(', ')', '[', ']', ',', '|', '*'],
  wordChar: /[\w.!~:-]/,
  singleQuotes: true,
};

// Stages after the filters that shape the output, not which events match.
const OUTPUT_STAGES = new Set([
  'project',
  'project-away',
  'project-keep',
  'project-reorder',
  'project-rename',
  'extend',
  'order',
  'sort',
  'top',
  'take',
  'limit',
  'distinct',
  'count',
  'summarize',
  'render',
]);

/** Whether a query has Kusto's shape: a table name, then `| where` (Kibana's KQL has neither pipes nor tables). */
export function looksLikeKusto(query: string): boolean {
  // Kusto's `let` statements come first.
  const text = query.replace(/^(?:\s*(?:\/\/.*\n)*\s*let\s+[A-Za-z_]\w*\s*=[^;]*;)+/, '');
  return (
    /^\s*(?:\/\/.*\n\s*)*(?:union\s+[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+|[A-Za-z_]\w*)\s*(?:\n\s*)?\|/.test(text) ||
    /^\s*[A-Za-z_]\w*\s*$/.test(text)
  );
}

/**
 * `Table | where … | where … | project …`: the table says which log, each `where` what the events must show (the
 * clauses joined by and). Operators ==, =~, !=, !~, has, contains, startswith, endswith (each also negated with `!`
 * and with `_cs`), in, in~, !in, has_any, has_all, matches regex; and, or, not(…). A time window (`Timestamp >
 * ago(7d)`) is when to look; `let` names are their values, `extend` aliases their columns, a `union` of tables a query
 * of each. Joins, a `let` of a table, functions over columns, a `where` after an aggregation or a
 * column the table's map does not name throw Untranslatable.
 */
export function parseKusto(text: string): KustoQuery[] {
  const { body, bindings } = letBindings(verbatimStrings(text.replace(/(^|\s)\/\/.*$/gm, '$1')));
  // A name `let` bound stands for its value wherever the query uses it.
  const tokens = tokenize(body, LEXICON).flatMap((token) => (token.type === 'word' ? (bindings.get(token.text) ?? [token]) : [token]));
  const stages: Token[][] = [[]];
  for (const token of tokens) {
    if (token.type === 'op' && token.text === '|') stages.push([]);
    else (stages.at(-1) as Token[]).push(token);
  }
  const [head, ...rest] = stages;
  return sourceTables(head ?? []).map((table) => queryOver(table, rest));
}

/**
 * The tables a query reads: one, or each of a `union` of tables (`union DeviceFileEvents, DeviceProcessEvents`),
 * whose filters then hold for each table's events alike.
 */
function sourceTables(head: Token[]): Table[] {
  const union = head[0]?.type === 'word' && head[0].text.toLowerCase() === 'union';
  const names = union ? head.slice(1).filter((token) => token.text !== ',') : head;
  if (names.length === 0 || (!union && names.length !== 1) || names.some((token) => token.type !== 'word' || /[=(]/.test(token.text)))
    throw new Untranslatable('not a single table');
  if (union && head.slice(1).some((token, index) => (index % 2 === 1) !== (token.text === ',')))
    throw new Untranslatable('a union of more than tables');
  return names.map((token) => {
    const name = token.text.toLowerCase();
    if (TEXT_TABLES[name]) throw new Untranslatable(TEXT_TABLES[name] as string, 'unsupported-source');
    const found = TABLES[TABLE_ALIASES[name] ?? name];
    if (!found) throw new Untranslatable(`Kusto table ${token.text}`);
    return found;
  });
}

function queryOver(source: Table, rest: Token[][]): KustoQuery {
  let table: Table = source;
  const filters: QueryNode[] = [];
  let shaped = false;
  const computed = new Set<string>();
  for (const stage of rest) {
    const verb = stage[0]?.text.toLowerCase() ?? '';
    if (verb === 'where' || verb === 'filter') {
      // After an aggregation, or on a column the query computed, a filter tests what no event carries.
      if (shaped || stage.some((token) => token.type === 'word' && computed.has(token.text.toLowerCase())))
        throw new Untranslatable('a filter over computed columns');
      const cursor = new Cursor(stage.slice(1));
      filters.push(orExpr(cursor, table));
      if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
    } else if (verb === 'extend' || verb === 'project-rename') {
      table = withAliases(table, stage.slice(1), computed);
    } else if (verb === 'parse') {
      table = withParsedFields(table, stage.slice(1));
    } else if (OUTPUT_STAGES.has(verb)) {
      shaped = shaped || (verb !== 'project' && verb !== 'project-away' && verb !== 'project-keep' && verb !== 'project-reorder');
    } else throw new Untranslatable(`Kusto ${verb || 'stage'}`);
  }
  if (filters.length === 0) throw new Untranslatable('no filter');
  const condition = and(filters);
  if (table.requires && !table.requires(condition)) throw new Untranslatable('an event this table does not translate');
  return { ...(table.category ? { category: table.category } : {}), indices: table.indices ?? [], condition };
}

/**
 * The query's leading `let` statements, each name bound to its value's tokens: a string, a number, a time span, a
 * `dynamic([…])` list. A `let` of a table, a function or a computed scalar throws Untranslatable.
 */
function letBindings(text: string): { body: string; bindings: Map<string, Token[]> } {
  const bindings = new Map<string, Token[]>();
  let body = text;
  for (;;) {
    const statement = /^\s*let\s+([A-Za-z_]\w*)\s*=\s*((?:"[^"]*"|'[^']*'|[^;"'])*);/.exec(body);
    if (!statement) break;
    const value = (statement[2] as string).trim();
    const scalar =
      /^(?:"[^"]*"|'[^']*'|-?\d+(?:\.\d+)?[a-z]*|true|false)$/i.test(value) ||
      /^dynamic\s*\(\s*\[(?:"[^"]*"|'[^']*'|[^\]"'])*\]\s*\)$/i.test(value) ||
      /^(?:datetime|ago|now)\s*\([^()|]*\)$/i.test(value);
    if (!scalar) throw new Untranslatable('Kusto let of a table, a function or a computed value');
    bindings.set(statement[1] as string, tokenize(value, LEXICON));
    body = body.slice(statement[0].length);
  }
  return { body, bindings };
}

// Functions over a column that leave what it holds as Sigma compares it (case aside, which Sigma ignores).
const SAME_VALUE = /^(?:tolower|toupper|tostring)$/i;

/**
 * `extend A = Column, B = tolower(Column)` and `project-rename A = Column`: each new name a column's alias, which a
 * later `where` tests as the column; any other expression is a value the query computed (noted in `computed`).
 */
function withAliases(table: Table, tokens: Token[], computed: Set<string>): Table {
  const columns: Record<string, string> = { ...table.columns };
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.text === '(' || token.text === '[') depth++;
    if (token.text === ')' || token.text === ']') depth--;
    if (depth === 0 && token.type === 'op' && token.text === ',') parts.push([]);
    else (parts.at(-1) as Token[]).push(token);
  }
  for (const [name, equals, ...value] of parts) {
    if (!name || name.type !== 'word' || equals?.text !== '=') continue;
    const source =
      value.length === 1
        ? value[0]
        : value.length === 4 && SAME_VALUE.test(value[0]?.text ?? '') && value[1]?.text === '(' && value[3]?.text === ')'
          ? value[2]
          : undefined;
    const extracted = extractedField(value, table);
    const mapped = extracted
      ? ['', extracted]
      : source?.type === 'word'
        ? Object.entries(table.columns).find(([column]) => column.toLowerCase() === source.text.toLowerCase())
        : undefined;
    if (mapped && mapped[1] !== WHOLE_EVENT_DATA) {
      columns[name.text] = mapped[1] as string;
      computed.delete(name.text.toLowerCase());
    } else computed.add(name.text.toLowerCase());
  }
  return { ...table, columns };
}

/** The event data field a pattern's text names just before a column (`'Name="Image">'`), if any. */
const namedField = (text: string | undefined): string | undefined => /Name\s*=\s*["']?(\w+)["']?\s*>?\s*$/.exec(text ?? '')?.[1];

/**
 * `parse EventData with * 'Name="Image">' Image '<' *`: each column the pattern names is the event data field the
 * text before it names (else the field of its own name), as a Windows event's fields are. A parse of another column,
 * or of another kind (regex, relaxed), throws Untranslatable.
 */
function withParsedFields(table: Table, tokens: Token[]): Table {
  const [source, withWord, ...pattern] = tokens;
  const parsed = source ? Object.entries(table.columns).find(([name]) => name.toLowerCase() === source.text.toLowerCase())?.[1] : undefined;
  if (parsed !== WHOLE_EVENT_DATA || withWord?.text.toLowerCase() !== 'with') throw new Untranslatable('Kusto parse of a column');
  const columns: Record<string, string> = { ...table.columns };
  pattern.forEach((token, at) => {
    if (token.type !== 'word' || token.text === '*') return;
    const name = token.text.replace(/:\w+$/, '');
    const field = namedField(pattern[at - 1]?.type === 'str' ? pattern[at - 1]?.text : undefined) ?? name;
    if (!/^[A-Z]\w*$/.test(field)) throw new Untranslatable(`column ${name}`);
    columns[name] = `winlog.event_data.${field}`;
  });
  return { ...table, columns };
}

/** `extract('Name="Image">([^<]*)<', 1, EventData)`: the event data field the regex reads, if the call is one. */
function extractedField(value: Token[], table: Table): string | undefined {
  const [call, open, regex, comma, group, comma2, source, close] = value;
  if (value.length !== 8 || !/^extract$/i.test(call?.text ?? '') || open?.text !== '(' || close?.text !== ')') return undefined;
  if (regex?.type !== 'str' || comma?.text !== ',' || group?.text !== '1' || comma2?.text !== ',') return undefined;
  const column = Object.entries(table.columns).find(([name]) => name.toLowerCase() === source?.text.toLowerCase())?.[1];
  const field = /Name\s*=\s*\\?["']?(\w+)\\?["']?\s*>/.exec(regex.text)?.[1];
  return column === WHOLE_EVENT_DATA && field ? `winlog.event_data.${field}` : undefined;
}

/** `@"C:\Windows"` holds no escapes: rewritten as the ordinary string it means. */
function verbatimStrings(text: string): string {
  return text.replace(/@(["'])([^]*?)\1/g, (_whole, _quote, body: string) => JSON.stringify(body));
}

function orExpr(cursor: Cursor, table: Table): QueryNode {
  return orOfAnds(cursor, (at) => primary(at, table));
}

function primary(cursor: Cursor, table: Table): QueryNode {
  if (cursor.accept('(')) {
    const inner = orExpr(cursor, table);
    cursor.expect(')');
    return inner;
  }
  if (cursor.peek()?.text.toLowerCase() === 'not' && cursor.peek(1)?.text === '(') {
    cursor.next();
    cursor.next();
    const inner = orExpr(cursor, table);
    cursor.expect(')');
    return not(inner);
  }
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  if (/^isnot(?:empty|null)$/i.test(head.text) && cursor.peek()?.text === '(') {
    cursor.next();
    const field = column(cursor.next(), table);
    cursor.expect(')');
    return cmp('@present', [literal(field)]);
  }
  if (cursor.peek()?.text === '(') throw new Untranslatable(`function ${head.text}`);
  return comparison(cursor, column(head, table));
}

function column(token: Token, table: Table): string {
  const found = Object.entries(table.columns).find(([name]) => name.toLowerCase() === token.text.toLowerCase());
  if (token.type !== 'word' || !found) throw new Untranslatable(`column ${token.text}`);
  if (found[1] === WHOLE_EVENT_DATA)
    throw new Untranslatable(`a text search of ${found[0]}: Sigma tests the event's fields, which a parse of it names`);
  return found[1];
}

// What each string operator asks of the value, as a wildcard pattern.
const STRING_OPS: Readonly<Record<string, (text: string) => string>> = {
  has: (text) => `*${text}*`,
  contains: (text) => `*${text}*`,
  startswith: (text) => `${text}*`,
  endswith: (text) => `*${text}`,
  hasprefix: (text) => `${text}*`,
  hassuffix: (text) => `*${text}`,
};

function comparison(cursor: Cursor, field: string): QueryNode {
  const op = cursor.next().text.toLowerCase();
  if (field === '@timestamp') {
    // `Timestamp > ago(7d)`, `between (…)`: when to look, which a rule's deployment decides.
    skipWindow(cursor);
    return cmp(field, [literal('window')]);
  }
  const negated = op.startsWith('!') && op !== '!=' && op !== '!~';
  const base = (negated ? op.slice(1) : op).replace(/_cs$/, '');
  let node: QueryNode;
  if (base === '==' || base === '=~' || base === '!=' || base === '!~') node = cmp(field, [exact(cursor.next())]);
  else if (base in STRING_OPS) node = cmp(field, [wildcard((STRING_OPS[base] as (text: string) => string)(text(cursor.next())))]);
  else if (boundOf(base)) node = bounded(field, boundOf(base) as NumericBound, text(cursor.next()));
  else if (base === 'in' || base === 'in~') node = cmp(field, list(cursor).map(literal));
  else if (base === 'has_any')
    node = cmp(
      field,
      list(cursor).map((value) => wildcard(`*${value}*`)),
    );
  else if (base === 'has_all') node = and(list(cursor).map((value) => cmp(field, [wildcard(`*${value}*`)])));
  else if (base === 'matches' && cursor.accept('regex'))
    // Kusto's regex searches the value; the tree's regexes match the whole of it.
    node = cmp(field, [searched(text(cursor.next()))]);
  else throw new Untranslatable(`operator ${op}`);
  return negated || op === '!=' || op === '!~' ? not(node) : node;
}

/** A regex found anywhere in the value, as one matching the whole of it; its inline flags (`(?i)`) stay first. */
function searched(regex: string): QueryValue {
  const flags = /^\(\?[a-z]+\)/.exec(regex)?.[0] ?? '';
  return { text: `${flags}.*(?:${regex.slice(flags.length)}).*`, kind: 'regex' };
}

function skipWindow(cursor: Cursor): void {
  let depth = 0;
  do {
    const token = cursor.next();
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
  } while (depth > 0 || cursor.peek()?.text === '(');
}

/** `("a", "b")`, `dynamic(["a", "b"])` or `(dynamic(["a", "b"]))`. */
function list(cursor: Cursor): string[] {
  const wrapped = cursor.accept('(');
  const dynamic = cursor.accept('dynamic');
  if (dynamic) {
    cursor.expect('(');
    cursor.expect('[');
  } else if (!wrapped) throw new Untranslatable('expected a list');
  const values = [text(cursor.next())];
  while (cursor.accept(',')) values.push(text(cursor.next()));
  if (dynamic) {
    cursor.expect(']');
    cursor.expect(')');
  }
  if (wrapped) cursor.expect(')');
  return values;
}

// Kusto has no wildcards: a star in its values is a star, which Sigma would read as any run.
function wildcard(pattern: string): QueryValue {
  if (/[*?]/.test(pattern.replace(/^\*|\*$/g, ''))) throw new Untranslatable('a literal wildcard character');
  return { text: pattern, kind: 'wildcard' };
}
function exact(token: Token): QueryValue {
  return literal(text(token));
}

/** A string, a number or a boolean; a bare column name compares two columns, which Sigma cannot. */
function text(token: Token): string {
  if (token.type === 'str') return token.text;
  if (token.type === 'word' && /^(?:-?\d+(?:\.\d+)?|true|false)$/i.test(token.text)) return token.text;
  throw new Untranslatable(`value ${token.text}`);
}
