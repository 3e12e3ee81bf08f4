import { booleanCondition } from './boolean-grammar';
import {
  boundOf,
  bounded,
  cmp,
  comparisons,
  literal,
  NON_SELECTING,
  not,
  Untranslatable,
  type NumericBound,
  type QueryNode,
  type QueryValue,
} from './query-tree';
import { Cursor, tokenize, type Token } from './tokens';

/** An osquery query's event kind (EQL's name for it: process, file, network, registry), its WHERE as ECS tests, and the OS its table exists on when only one. */
export interface OsqueryQuery {
  category: string;
  condition: QueryNode;
  platform?: 'windows' | 'linux' | 'macos';
}

/**
 * The tables whose rows are what a Sigma logsource's events report, and their columns as ECS fields: a process
 * running or started (processes, process_events) is a process creation, a file on disk or written (file,
 * file_events) a file event, a connection a process made (socket_events) a network connection, a registry value
 * (registry) a value set. Other tables (users, crontab, listening ports, packages…) are state no Sigma event reports.
 */
const TABLES: Readonly<
  Record<string, { category: string; columns: Readonly<Record<string, string>>; platform?: OsqueryQuery['platform'] }>
> = {
  processes: {
    category: 'process',
    columns: {
      name: 'process.name',
      path: 'process.executable',
      cmdline: 'process.command_line',
      cwd: 'process.working_directory',
      pid: 'process.pid',
    },
  },
  process_events: {
    category: 'process',
    columns: { path: 'process.executable', cmdline: 'process.command_line', cwd: 'process.working_directory', pid: 'process.pid' },
  },
  file: { category: 'file', columns: { path: 'file.path', filename: 'file.name', directory: 'file.directory' } },
  file_events: { category: 'file', columns: { target_path: 'file.path', action: 'event.action' } },
  socket_events: {
    category: 'network',
    columns: { path: 'process.executable', remote_address: 'destination.ip', remote_port: 'destination.port', action: 'event.action' },
  },
  registry: {
    category: 'registry',
    platform: 'windows',
    columns: { key: 'registry.key', path: 'registry.path', name: 'registry.value', data: 'registry.data.strings' },
  },
  // A unit, a launch agent or a crontab is its file, written where the row says (its content is no file event's).
  systemd_units: { category: 'file', platform: 'linux', columns: { id: 'file.name', fragment_path: 'file.path' } },
  launchd: { category: 'file', platform: 'macos', columns: { name: 'file.name', path: 'file.path' } },
  crontab: { category: 'file', columns: { path: 'file.path' } },
  // A socket a process holds open to a remote address: the connection it made.
  process_open_sockets: {
    category: 'network',
    columns: { remote_address: 'destination.ip', remote_port: 'destination.port', protocol: 'network.transport' },
  },
};
/**
 * Why a table no Sigma event reports cannot be read: what it holds is the machine's state at the moment the query
 * runs, and no log records that state's coming about.
 */
const STATE_TABLES: Readonly<Record<string, string>> = {
  listening_ports: 'the ports listening now (no Sigma event reports a socket bound)',
  startup_items: 'the programs registered to start (written by a registry or file event of its own kind, not named here)',
  users: 'the accounts on the machine',
  groups: 'the groups on the machine',
  logged_in_users: 'the sessions open now',
  last: 'the login history',
  shell_history: "a user's shell history file",
  authorized_keys: "a user's SSH keys (the file's content)",
  kernel_modules: 'the kernel modules loaded now',
  deb_packages: 'the packages installed',
  rpm_packages: 'the packages installed',
  programs: 'the programs installed',
  services: 'the services installed (the System log records one installed: 7045)',
  scheduled_tasks: 'the scheduled tasks registered (the Security log records one created: 4698)',
  etc_hosts: 'the hosts file content',
  suid_bin: 'the setuid programs on disk',
  chrome_extensions: 'the browser extensions installed',
  wmi_cli_event_consumers: 'the WMI consumers registered',
};
/**
 * Columns that hold what a unit, a launch agent or a crontab says (its command, its description), which is the file's
 * content: no file event carries it, and the program it starts runs under its own parent, not the file's.
 */
const CONTENT_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  crontab: ['command', 'minute', 'hour', 'day_of_month', 'month', 'day_of_week', 'event'],
  systemd_units: ['description', 'active_state', 'sub_state', 'load_state', 'following', 'source_path'],
  launchd: ['program', 'program_arguments', 'label', 'run_at_load', 'keep_alive', 'disabled'],
};
// Columns that narrow a row in ways Sigma's events cannot say (a file's size or owner, a process's state): tests that
// select nothing by themselves.
const NARROWING = new Set(['size', 'mode', 'uid', 'gid', 'euid', 'egid', 'inode', 'on_disk', 'state', 'nice', 'threads', 'type', 'family']);
// When a row was recorded: when to look, which a rule's deployment decides.
const TIME_COLUMNS = new Set(['time', 'start_time', 'mtime', 'ctime', 'atime', 'btime']);
const CASE_FUNCTIONS = new Set(['lower', 'upper']);
const CLAUSE_ENDS = /^(?:group|order|limit|having|union|;)$/i;

const LEXICON = {
  ops: ['==', '!=', '<>', '<=', '>=', '=', '<', '>', '(', ')', ',', ';', '||', '-', '+', '/'],
  wordChar: /[\w.$*]/,
  singleQuotes: true,
};

/**
 * `SELECT … FROM <table> [alias] WHERE …`: the table says which events, the WHERE what they show (=, ==, !=, <>,
 * LIKE and NOT LIKE with % and _, IN and NOT IN, IS NOT NULL, <, <=, >, >= against a number, LOWER()/UPPER() of a
 * column, AND, OR, NOT). Joins, subqueries, other functions and tables, and columns the table's map does not name
 * throw Untranslatable.
 */
export function parseOsquery(text: string): OsqueryQuery {
  const source = text.replace(/--.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, ' ');
  const cursor = new Cursor(tokenize(source, LEXICON));
  if (!cursor.accept('select')) throw new Untranslatable('no osquery SELECT');
  for (let depth = 0; !(depth === 0 && cursor.peek()?.text.toLowerCase() === 'from');) {
    const token = cursor.next();
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
  }
  cursor.expect('from');
  const tableName = cursor.next().text.toLowerCase();
  const table = TABLES[tableName];
  const state = STATE_TABLES[tableName];
  if (state) throw new Untranslatable(`osquery table ${tableName}: ${state}`);
  if (!table) throw new Untranslatable(`osquery table ${tableName}`);
  cursor.accept('as');
  const next = cursor.peek();
  const alias =
    next?.type === 'word' && !/^(?:where|join|left|inner|cross|natural|group|order|limit)$/i.test(next.text)
      ? cursor.next().text
      : tableName;
  skipAddedColumns(cursor);
  if (!cursor.accept('where')) throw new Untranslatable('no osquery WHERE');
  const columns: Columns = Object.assign(
    (token: Token) => column(token, table.columns, [alias, tableName], CONTENT_COLUMNS[tableName] ?? []),
    { table: tableName },
  );
  const condition = booleanCondition(cursor, (at) => test(at, columns));
  if (!cursor.done() && !CLAUSE_ENDS.test(cursor.peek()?.text ?? '')) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return { category: table.category, condition, ...(table.platform ? { platform: table.platform } : {}) };
}

/**
 * Joins that only add columns: a LEFT JOIN keeps every row of the table, and every file has its `hash` row. A WHERE
 * testing their columns names a column this table does not have (Untranslatable); any other join filters rows.
 */
function skipAddedColumns(cursor: Cursor): void {
  for (;;) {
    const left = cursor.peek()?.text.toLowerCase() === 'left';
    if (left) {
      cursor.next();
      cursor.accept('outer');
    }
    if (!left && cursor.peek()?.text === ',') throw new Untranslatable('an osquery join');
    if (!cursor.accept('join')) {
      if (left || /^(?:inner|cross|natural)$/i.test(cursor.peek()?.text ?? '')) throw new Untranslatable('an osquery join');
      return;
    }
    if (cursor.next().text.toLowerCase() !== 'hash' && !left) throw new Untranslatable('an osquery join');
    for (let depth = 0; !cursor.done(); cursor.next()) {
      const text = cursor.peek()?.text.toLowerCase() ?? '';
      if (depth === 0 && /^(?:where|left|join|inner|cross|natural|group|order|limit|;)$/.test(text)) break;
      if (text === '(') depth++;
      if (text === ')') depth--;
    }
  }
}

function column(token: Token, columns: Readonly<Record<string, string>>, names: readonly string[], content: readonly string[]): string {
  if (token.type !== 'word') throw new Untranslatable(`column ${token.text}`);
  const [prefix, name] = token.text.includes('.') ? token.text.split('.', 2) : [undefined, token.text];
  if (prefix !== undefined && !names.includes(prefix)) throw new Untranslatable(`column ${token.text}`);
  const lower = (name ?? '').toLowerCase();
  if (TIME_COLUMNS.has(lower)) return '@timestamp';
  if (NARROWING.has(lower)) return NON_SELECTING;
  const field = columns[lower];
  if (!field && content.includes(lower)) throw new Untranslatable(`column ${token.text}: the file's content, which no file event carries`);
  if (!field) throw new Untranslatable(`column ${token.text}`);
  return field;
}

/** A table's column names as ECS fields, and the table's name (a subquery of the same table reads its columns too). */
type Columns = ((token: Token) => string) & { table: string };

function test(cursor: Cursor, columnOf: Columns): QueryNode {
  const head = cursor.next();
  let field: string;
  if (head.type === 'word' && CASE_FUNCTIONS.has(head.text.toLowerCase()) && cursor.accept('(')) {
    field = columnOf(cursor.next());
    cursor.expect(')');
  } else if (cursor.peek()?.text === '(') throw new Untranslatable(`function ${head.text}`);
  else field = columnOf(head);
  if (field === '@timestamp') return window(cursor);
  if (field === NON_SELECTING) {
    window(cursor);
    return cmp(NON_SELECTING, [literal(head.text)]);
  }
  return comparison(cursor, field, columnOf);
}

function comparison(cursor: Cursor, field: string, columnOf: Columns): QueryNode {
  if (cursor.accept('is')) {
    if (cursor.accept('not') && cursor.accept('null')) return cmp('@present', [literal(field)]);
    throw new Untranslatable('IS NULL');
  }
  const negated = cursor.accept('not');
  const op = cursor.next().text.toLowerCase();
  let node: QueryNode;
  if (op === '=' || op === '==') node = cmp(field, [literal(valueText(cursor.next()))]);
  else if (op === '!=' || op === '<>') node = not(cmp(field, [literal(valueText(cursor.next()))]));
  else if (op === 'like') node = cmp(field, [likePattern(valueText(cursor.next()))]);
  else if (op === 'in') {
    cursor.expect('(');
    if (cursor.accept('select')) return sameColumnSubquery(cursor, field, columnOf, negated);
    const values = [literal(valueText(cursor.next()))];
    while (cursor.accept(',')) values.push(literal(valueText(cursor.next())));
    cursor.expect(')');
    node = cmp(field, values);
  } else if (boundOf(op)) node = bounded(field, boundOf(op) as NumericBound, valueText(cursor.next()));
  else throw new Untranslatable(`operator ${op}`);
  return negated ? not(node) : node;
}

/**
 * `id IN (SELECT id FROM systemd_units WHERE id LIKE 'kworker%')`: the values of one column among the rows of its own
 * table whose same column passes a test are the values that pass it, so the subquery is its WHERE. A subquery of
 * another table or column, or testing other columns, says more than that (Untranslatable).
 */
function sameColumnSubquery(cursor: Cursor, field: string, columnOf: Columns, negated: boolean): QueryNode {
  const selected = columnOf(cursor.next());
  cursor.expect('from');
  const table = cursor.next().text.toLowerCase();
  if (selected !== field || table !== columnOf.table || !cursor.accept('where')) throw new Untranslatable('an osquery subquery');
  const inner = booleanCondition(cursor, (at) => test(at, columnOf));
  cursor.expect(')');
  if (comparisons(inner).some((found) => found.field !== field)) throw new Untranslatable('an osquery subquery');
  return negated ? not(inner) : inner;
}

/** SQL's LIKE pattern as a wildcard: `%` any run, `_` one character; a star or question mark of its own is literal text Sigma would read as a wildcard. */
function likePattern(text: string): QueryValue {
  if (/[*?]/.test(text)) throw new Untranslatable('a literal wildcard character');
  const pattern = text.replace(/%/g, '*').replace(/_/g, '?');
  return { text: pattern, kind: /[*?]/.test(pattern) ? 'wildcard' : 'literal' };
}

/** `time > (strftime('%s', 'now') - 1800)`: a time window, read past to the next and/or at its depth. */
function window(cursor: Cursor): QueryNode {
  let depth = 0;
  for (let token = cursor.peek(); token; token = cursor.peek()) {
    if (depth === 0 && (/^(?:and|or)$/i.test(token.text) || CLAUSE_ENDS.test(token.text) || token.text === ')')) break;
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    cursor.next();
  }
  return cmp('@timestamp', [literal('window')]);
}

function valueText(token: Token): string {
  if (token.type === 'str') return token.text;
  if (token.type === 'word' && /^-?\d+(?:\.\d+)?$/.test(token.text)) return token.text;
  throw new Untranslatable(`value ${token.text}`);
}
