import { booleanCondition } from './boolean-grammar';
import { FALCO_LISTS, FALCO_MACROS, FALCO_NON_SELECTING, isFalcoHook } from './falco-standard';
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

/** A Falco rule's condition with its fields as ECS names (the rest of the translation reads ECS), and what it reads. */
export interface FalcoRule {
  /** The rule's own name: what it looks for, in its author's words. */
  name: string;
  /** The event kind its macros or evt.type say (process, file, network), when they say one. */
  category?: string;
  /** It reads CloudTrail (the cloudtrail plugin's ct.* fields). */
  cloudtrail: boolean;
  condition: QueryNode;
}

const LEXICON = {
  ops: ['!=', '<=', '>=', '=', '(', ')', ',', '<', '>'],
  wordChar: /[\w./\-*?[\]:~%$@+]/,
  singleQuotes: true,
};

// Falco's fields as ECS's; the syscall ones as a process, file or connection event names them.
const FIELDS: Readonly<Record<string, string>> = {
  'proc.name': 'process.name',
  'proc.exe': 'process.name',
  'proc.exepath': 'process.executable',
  'proc.cmdline': 'process.command_line',
  'proc.args': 'process.args',
  'proc.pname': 'process.parent.name',
  'proc.pexe': 'process.parent.name',
  // The first ancestor is the parent.
  'proc.aname[1]': 'process.parent.name',
  'proc.aexepath[1]': 'process.parent.executable',
  'proc.acmdline[1]': 'process.parent.command_line',
  'proc.pexepath': 'process.parent.executable',
  'proc.pcmdline': 'process.parent.command_line',
  'proc.cwd': 'process.working_directory',
  'user.name': 'user.name',
  'fd.name': 'file.path',
  'fd.filename': 'file.name',
  'fd.directory': 'file.directory',
  'fd.sip': 'destination.ip',
  'fd.rip': 'destination.ip',
  'fd.sport': 'destination.port',
  'fd.rport': 'destination.port',
  'fd.sip.name': 'destination.domain',
  'fd.rip.name': 'destination.domain',
  'fd.l4proto': 'network.transport',
  // Which kind of descriptor (a file, an IPv4 socket): the event kind again.
  'evt.is_open_write': 'event.kind',
  'evt.is_open_read': 'event.kind',
  'fd.type': 'event.kind',
  'fd.typechar': 'event.kind',
  // A syscall's arguments: the path an open, a rename or a link names is the file's; its flags, mode or owner only
  // narrow (which of the file's opens), and its result is the outcome.
  'evt.arg.name': 'file.path',
  'evt.arg.path': 'file.path',
  'evt.arg.pathname': 'file.path',
  'evt.arg.filename': 'file.path',
  'evt.arg.newpath': 'file.path',
  'evt.arg.target': 'file.path',
  'evt.arg.linkpath': 'file.path',
  'evt.arg.flags': NON_SELECTING,
  'evt.arg.mode': NON_SELECTING,
  'evt.arg.uid': NON_SELECTING,
  'evt.arg.gid': NON_SELECTING,
  'evt.arg.res': 'event.outcome',
  'evt.res': 'event.outcome',
  'evt.rawres': 'event.outcome',
  'evt.failed': 'event.outcome',
  'evt.type': 'event.type',
  'evt.dir': 'event.kind',
  'ct.name': 'event.action',
  'ct.src': 'event.provider',
  'ct.srcip': 'source.ip',
  'ct.useragent': 'user_agent.original',
  'ct.region': 'cloud.region',
  'ct.user.identitytype': 'aws.cloudtrail.user_identity.type',
  'ct.error': 'event.outcome',
  // Whether a terminal is attached, and which container, image or pod: Sigma's Linux events say neither (the
  // `interactive` and `container` macros' kind of test), so they only narrow a rule.
  'proc.tty': NON_SELECTING,
  'container.id': NON_SELECTING,
  'container.name': NON_SELECTING,
  'container.image': NON_SELECTING,
  'container.image.repository': NON_SELECTING,
  'container.image.tag': NON_SELECTING,
  'container.privileged': NON_SELECTING,
  'k8s.ns.name': NON_SELECTING,
  'k8s.pod.name': NON_SELECTING,
};
// The standard macros that only say which events a rule reads.
const MACRO_CATEGORIES: Readonly<Record<string, string | null>> = {
  spawned_process: 'process',
  proc_is_new: 'process',
  open_write: 'file',
  open_read: 'file',
  open_file_failed: 'file',
  outbound: 'network',
  inbound: 'network',
  inbound_outbound: 'network',
  container: null,
  never_true: null,
};
const EVENT_CATEGORIES: Readonly<Record<string, string>> = {
  execve: 'process',
  execveat: 'process',
  open: 'file',
  openat: 'file',
  openat2: 'file',
  creat: 'file',
  connect: 'network',
};
// Operators and the pattern of the value each asks for.
const TEXT_OPS: Readonly<Record<string, (text: string) => string>> = {
  contains: (text) => `*${text}*`,
  icontains: (text) => `*${text}*`,
  startswith: (text) => `${text}*`,
  endswith: (text) => `*${text}`,
  glob: (text) => text,
};
const KEYS =
  /^\s*(?:-\s*)?(?:rule|macro|list|desc|condition|output|priority|tags|source|enabled|exceptions|append|items|required_engine_version|override)\s*:/;

/**
 * Falco rules (`- rule: … condition: …`), the macros and lists the same text defines inlined, else Falco's standard
 * ones (falco-standard.ts); the event macros (spawned_process, open_write, outbound) read as the kind of event. The condition's boolean core is
 * read (=, !=, in, contains, icontains, startswith, endswith, glob, pmatch, <, <=, >, >=); a macro or list the text
 * does not define and field-exists tests throw Untranslatable.
 */
export function parseFalco(text: string): FalcoRule[] {
  const items = text.split(/^(?=\s*-\s*(?:rule|macro|list)\s*:)/m);
  const macros = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const rules: Array<{ name: string; condition: string }> = [];
  for (const item of items) {
    const kind = /^\s*-\s*(rule|macro|list)\s*:\s*(.+)$/m.exec(item);
    if (!kind) continue;
    const name = (kind[2] as string).trim();
    if (kind[1] === 'list') lists.set(name, listItems(item));
    else {
      const condition = blockOf(item, 'condition');
      if (!condition) continue;
      if (kind[1] === 'macro') macros.set(name, condition);
      else rules.push({ name, condition });
    }
  }
  if (rules.length === 0) throw new Untranslatable('no Falco rule');
  return rules.map(({ name, condition }) => {
    const state: State = { macros, lists, category: undefined, cloudtrail: false, depth: 0 };
    const node = parseCondition(condition, state);
    if (state.connectionName && state.category === 'network')
      throw new Untranslatable('unmapped field fd.name of a connection (its address pair; Sigma tests the address and port apart)');
    return { name, ...(state.category ? { category: state.category } : {}), cloudtrail: state.cloudtrail, condition: node };
  });
}

/** A key's value in a YAML item: inline, or the lines of a folded block up to the next key. */
function blockOf(item: string, key: string): string | null {
  const lines = item.split('\n');
  const at = lines.findIndex((line) => new RegExp(`^\\s*${key}\\s*:`).test(line));
  if (at < 0) return null;
  const inline = (lines[at] as string).replace(new RegExp(`^\\s*${key}\\s*:\\s*`), '').replace(/^[>|][-+]?\s*$/, '');
  const rest: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (KEYS.test(line)) break;
    rest.push(line);
  }
  const text = [inline, ...rest].join(' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

function listItems(item: string): string[] {
  const inline = /items\s*:\s*\[([^\]]*)\]/s.exec(item)?.[1];
  if (inline === undefined) throw new Untranslatable('a list without items');
  return inline
    .split(',')
    .map((entry) => entry.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

interface State {
  macros: ReadonlyMap<string, string>;
  lists: ReadonlyMap<string, string[]>;
  category: string | undefined;
  cloudtrail: boolean;
  depth: number;
  /** fd.name was tested: a file's path, but a connection's address pair (`1.2.3.4:5->6.7.8.9:443`) in a network rule. */
  connectionName?: boolean;
}

function parseCondition(text: string, state: State): QueryNode {
  const cursor = new Cursor(tokenize(text, LEXICON));
  const node = orExpr(cursor, state);
  if (!cursor.done()) throw new Untranslatable(`unexpected ${cursor.peek()?.text}`);
  return node;
}

const orExpr = (cursor: Cursor, state: State): QueryNode => booleanCondition(cursor, (at) => test(at, state));

/** A field test, or a macro's condition. */
function test(cursor: Cursor, state: State): QueryNode {
  const head = cursor.next();
  if (head.type !== 'word') throw new Untranslatable(`unexpected ${head.text}`);
  const operator = cursor.peek();
  const isOperator =
    operator &&
    (operator.type === 'op'
      ? operator.text !== ')' && operator.text !== ','
      : /^(?:in|contains|icontains|startswith|endswith|glob|pmatch|exists|intersects)$/i.test(operator.text));
  if (!isOperator) return macro(head.text, state);
  return comparison(cursor, head.text, state);
}

/** A macro: its definition in the same text, or a standard one that only says which events to read. */
function macro(name: string, state: State): QueryNode {
  const defined = state.macros.get(name);
  if (defined !== undefined && state.depth < 8) return inlined(defined, state);
  const standard = FALCO_MACROS[name];
  if (standard !== undefined && state.depth < 8) return inlined(standard, state);
  if (FALCO_NON_SELECTING.has(name)) return cmp(NON_SELECTING, [literal(name)]);
  // An exception hook an operator has not defined excludes nothing: neither true nor false, as the log's own tests.
  if (isFalcoHook(name)) return cmp('event.kind', [literal(name)]);
  if (name in MACRO_CATEGORIES) {
    state.category ??= MACRO_CATEGORIES[name] ?? undefined;
    // Neither true nor false: the event-kind test is the logsource (a field the translation leaves out).
    return cmp('event.kind', [literal(name)]);
  }
  throw new Untranslatable(`macro ${name}`);
}

/** A macro's condition read one level deeper; what it says of the rule (its events, its fields) holds for the rule. */
function inlined(condition: string, state: State): QueryNode {
  const inner: State = { ...state, depth: state.depth + 1 };
  const node = parseCondition(condition, inner);
  state.category ??= inner.category;
  state.cloudtrail ||= inner.cloudtrail;
  state.connectionName ||= inner.connectionName;
  return node;
}

function comparison(cursor: Cursor, falcoField: string, state: State): QueryNode {
  const lower = falcoField.toLowerCase();
  const field = FIELDS[lower];
  // Any ancestor (`proc.aname`), or one above the parent (`proc.aname[2]`): Sigma's events name the parent only.
  if (!field && /^proc\.a(?:name|exepath|exe|cmdline|pid)\b/.test(lower)) throw new Untranslatable(`ancestor test of ${falcoField}`);
  // A syscall argument not named above (`evt.arg.data`, `evt.arg[0]`): what it holds depends on the syscall.
  if (!field && /^evt\.(?:arg|rawarg)\b/.test(lower)) throw new Untranslatable(`unmapped field ${falcoField} (a syscall argument)`);
  if (!field) throw new Untranslatable(`unmapped field ${falcoField}`);
  if (lower === 'fd.name') state.connectionName = true;
  // An open for writing or reading (the open_write macro's own test) is a file event.
  if (lower.startsWith('evt.is_open_')) state.category ??= 'file';
  if (falcoField.startsWith('ct.')) state.cloudtrail = true;
  const op = cursor.next().text.toLowerCase();
  if (op === 'exists') {
    if (field === 'event.outcome') return cmp(field, [literal('exists')]);
    throw new Untranslatable('exists');
  }
  // A syscall's direction (`evt.dir=<`, its exit) says which of its two events to read: the event kind again.
  if (field === 'event.kind') return cmp(field, [literal(cursor.next().text)]);
  // What only narrows is left out whatever it compares with (an operator's list of trusted images included).
  if (field === NON_SELECTING) {
    skipValue(cursor);
    return cmp(field, [literal(falcoField)]);
  }
  let node: QueryNode;
  if (op === '=' || op === '!=') node = cmp(field, [literal(valueText(cursor.next()))]);
  else if (op === 'in' || op === 'intersects') node = cmp(field, listValues(cursor, state).map(literal));
  // A path at or below any of the folders.
  else if (op === 'pmatch') node = cmp(field, listValues(cursor, state).flatMap(belowFolder));
  else if (boundOf(op)) node = bounded(field, boundOf(op) as NumericBound, valueText(cursor.next()));
  else if (op in TEXT_OPS) {
    const text = (TEXT_OPS[op] as (text: string) => string)(valueText(cursor.next()));
    node = cmp(field, [{ text, kind: /[*?]/.test(text) ? 'wildcard' : 'literal' } satisfies QueryValue]);
  } else throw new Untranslatable(`operator ${op}`);
  if (field === 'event.type')
    for (const value of node.kind === 'cmp' ? node.values : []) state.category ??= EVENT_CATEGORIES[value.text.toLowerCase()];
  return op === '!=' ? not(node) : node;
}

/** A value, or a parenthesised list of them, left unread. */
function skipValue(cursor: Cursor): void {
  if (!cursor.accept('(')) {
    cursor.next();
    return;
  }
  let depth = 1;
  while (depth > 0) {
    const token = cursor.next();
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
  }
}

function belowFolder(folder: string): QueryValue[] {
  const bare = folder.replace(/\/+$/, '');
  if (bare === '' || /[*?]/.test(bare)) throw new Untranslatable(`pmatch folder ${folder}`);
  return [literal(bare), { text: `${bare}/*`, kind: 'wildcard' }];
}

const STANDARD_ITEMS: ReadonlySet<string> = new Set(Object.values(FALCO_LISTS).flat());

function listValues(cursor: Cursor, state: State): string[] {
  cursor.expect('(');
  const values: string[] = [];
  do {
    const token = cursor.next();
    const list = token.type === 'word' ? (state.lists.get(token.text) ?? FALCO_LISTS[token.text]) : undefined;
    if (list) values.push(...list);
    // A list the text does not define (Falco's own shell_binaries, an operator's allowed_ips): its items are unknown.
    // (A program Falco's own lists name, unix_chkpwd, is an item however it is spelt.)
    else if (token.type === 'word' && /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(token.text) && !STANDARD_ITEMS.has(token.text))
      throw new Untranslatable(`list ${token.text}`);
    else values.push(valueText(token));
  } while (cursor.accept(','));
  cursor.expect(')');
  return values;
}

function valueText(token: Token): string {
  if (token.type === 'str' || token.type === 'word') return token.text;
  throw new Untranslatable(`value ${token.text}`);
}
