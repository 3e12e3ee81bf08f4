import { loadModule, parseSync, SqlError } from 'libpg-query';
import { ALLOWED_FUNCTIONS, ALLOWED_NODE_TYPES, SQL_SYNTAX_FUNCTIONS } from './function-allowlist';
import { DENIED_RELATIONS, isReadableTable } from './table-allowlist';

export type StatementCheck =
  { ok: true; /** The one statement without its trailing semicolons, ready to wrap. */ statement: string } | { ok: false; reason: string };

/**
 * Loads PostgreSQL's parser (WebAssembly) once; checkStatement needs it. Safe to call any number of times.
 */
export function loadSqlParser(): Promise<void> {
  return loadModule();
}

export interface StatementCheckOptions {
  /**
   * False on the embedded database: the planner cannot bound a recursive CTE's cost, and PGlite's one thread
   * cannot stop it once it runs (PostgreSQL's statement timeout can).
   */
  allowRecursive?: boolean;
  /**
   * False on the embedded database: text cast to json/jsonb at run time (built by string functions, or read from
   * a text column such as an article's content) can nest deep enough to overflow PGlite's WebAssembly stack, which
   * then answers no rows instead of an error. Literals are bounded by MAX_NESTING; PostgreSQL stops at its own
   * max_stack_depth with an error.
   */
  allowJsonParsing?: boolean;
}

/**
 * How deep brackets may nest, string literals included: a JSON literal thousands of levels deep exhausts the
 * stack of whatever parses it (the SQL grammar, jsonb, the answer's JSON) and is no query anyone needs.
 */
export const MAX_NESTING = 100;

function nestingDepth(sql: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of sql) {
    if (char === '(' || char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
  }
  return deepest;
}

/** A refusal found while walking the parse tree. */
class Refusal extends Error {}

type Fields = Record<string, unknown>;

const deniedRelations = new Set(DENIED_RELATIONS);
const DATA_MODIFYING = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/**
 * Decides whether `sql` is one read-only query a tool may run, on the parse tree PostgreSQL's own grammar
 * (libpg-query) builds, so comments, quoting, dollar strings and Unicode escapes are read exactly as the
 * server reads them. Every node must be of an allowed kind (SELECT, WITH ... SELECT, VALUES and the
 * expressions inside them); relations must be allowlisted tables or CTEs in scope; functions must be on
 * the function allowlist. The database enforces the same limits again (READ ONLY transaction, the
 * read-only role); this check refuses early with a clear reason and covers what a read-only transaction
 * alone would allow (sleeping, advisory locks, reading files, settings changes, credential tables).
 * Call loadSqlParser() once before.
 */
export function checkStatement(sql: string, options: StatementCheckOptions = {}): StatementCheck {
  if (sql.trim() === '') return { ok: false, reason: 'The query is empty' };
  const depth = nestingDepth(sql);
  if (depth > MAX_NESTING) {
    return {
      ok: false,
      reason: `The query nests brackets ${depth} levels deep (JSON literals included); at most ${MAX_NESTING} are allowed`,
    };
  }
  let tree: { stmts?: Array<{ stmt?: Fields; stmt_location?: number; stmt_len?: number }> };
  try {
    tree = parseSync(sql) as unknown as typeof tree;
  } catch (error) {
    // Only the grammar's verdict is a refusal; a parser that was never loaded is a programming error.
    if (error instanceof SqlError) return { ok: false, reason: `The query does not parse: ${error.message}` };
    throw error;
  }
  const statements = tree.stmts ?? [];
  if (statements.length === 0) return { ok: false, reason: 'The query is empty' };
  if (statements.length > 1) return { ok: false, reason: 'Only one statement is allowed' };
  const [only] = statements as [{ stmt?: Fields; stmt_location?: number; stmt_len?: number }];
  const root = only.stmt ?? {};
  if (!('SelectStmt' in root)) return { ok: false, reason: 'Only SELECT, WITH ... SELECT or VALUES queries are allowed' };
  try {
    new TreeWalk(options.allowRecursive ?? true, options.allowJsonParsing ?? true).node(root, new Set());
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
  const start = only.stmt_location ?? 0;
  const statement = only.stmt_len ? sql.slice(start, start + only.stmt_len) : sql.slice(start);
  return { ok: true, statement: statement.replace(/[\s;]+$/, '') };
}

/** Walks every node; `ctes` are the WITH names visible at that point (they shadow tables of the same name). */
class TreeWalk {
  constructor(
    private readonly allowRecursive: boolean,
    private readonly allowJsonParsing: boolean,
  ) {}

  node(wrapper: Fields, ctes: ReadonlySet<string>): void {
    for (const [type, body] of Object.entries(wrapper)) {
      const fields = (body ?? {}) as Fields;
      if (DATA_MODIFYING.has(type))
        throw new Refusal('INSERT, UPDATE, DELETE and MERGE are not allowed (also not inside WITH): queries are read-only');
      if (type === 'ParamRef') throw new Refusal('Query parameters ($1) are not allowed: write the values into the query');
      if (!ALLOWED_NODE_TYPES.has(type)) throw new Refusal(`${describeNode(type)} is not allowed in read-only queries`);
      if (type === 'SelectStmt') return this.select(fields, ctes);
      if (type === 'RangeVar') this.relation(fields, ctes);
      if (type === 'FuncCall') this.functionCall(fields);
      if (type === 'TypeCast') this.typeCast(fields);
      if (type === 'A_Expr') this.operator(fields);
      this.children(fields, ctes);
    }
  }

  private select(fields: Fields, outer: ReadonlySet<string>): void {
    if (fields['intoClause']) throw new Refusal('SELECT INTO is not allowed: queries are read-only');
    if (fields['lockingClause']) throw new Refusal('Row-locking clauses (FOR UPDATE / FOR SHARE) are not allowed');
    const withClause = fields['withClause'] as { ctes?: Fields[]; recursive?: boolean } | undefined;
    const scope = new Set(outer);
    if (withClause?.recursive && !this.allowRecursive) {
      throw new Refusal(
        'WITH RECURSIVE is not allowed on the embedded database: its cost cannot be bounded before it runs, and it would hold up every other request (PostgreSQL allows it)',
      );
    }
    if (withClause) {
      const names = (withClause.ctes ?? []).map((cte) => String((cte['CommonTableExpr'] as Fields | undefined)?.['ctename'] ?? ''));
      // Without RECURSIVE a CTE sees only the ones before it; with it, all of them.
      if (withClause.recursive) for (const name of names) scope.add(name);
      for (const [i, cte] of (withClause.ctes ?? []).entries()) {
        const visible = withClause.recursive ? scope : new Set([...outer, ...names.slice(0, i)]);
        this.node(cte, visible);
      }
      for (const name of names) scope.add(name);
    }
    // The two sides of UNION / INTERSECT / EXCEPT are SELECTs inlined without their node name.
    const { withClause: _with, larg, rarg, ...rest } = fields;
    for (const side of [larg, rarg]) if (side) this.select(side as Fields, scope);
    this.children(rest, scope);
  }

  private relation(fields: Fields, ctes: ReadonlySet<string>): void {
    const name = String(fields['relname'] ?? '');
    const schema = fields['schemaname'] as string | undefined;
    if (fields['catalogname'] !== undefined || (schema !== undefined && schema !== 'public')) {
      throw new Refusal(`"${[fields['catalogname'], schema, name].filter(Boolean).join('.')}" cannot be read through the tool server`);
    }
    if (schema === undefined && ctes.has(name)) return;
    if (deniedRelations.has(name) || name.startsWith('pg_')) throw new Refusal(`"${name}" cannot be read through the tool server`);
    if (!isReadableTable(name)) throw new Refusal(`"${name}" is not a table query_sql may read; list_tables shows those`);
  }

  private functionCall(fields: Fields): void {
    const parts = namesOf(fields['funcname']);
    const name = parts[parts.length - 1] ?? '';
    const qualified = parts.length > 1;
    if (parts.length > 2 || (qualified && parts[0] !== 'pg_catalog')) {
      throw new Refusal(`Function "${parts.join('.')}" is not allowed (only built-in functions may be called)`);
    }
    // SQL-syntax forms (EXTRACT(... FROM ...), x AT TIME ZONE y, ...) arrive as pg_catalog.<function>.
    const syntax = fields['funcformat'] === 'COERCE_SQL_SYNTAX' && SQL_SYNTAX_FUNCTIONS.has(name);
    if (!syntax && !ALLOWED_FUNCTIONS.has(name)) throw new Refusal(`Function "${name}" is not allowed in read-only queries`);
  }

  private typeCast(fields: Fields): void {
    const typeName = fields['typeName'] as Fields | undefined;
    this.typeName(typeName);
    const target = namesOf(typeName?.['names']).pop() ?? '';
    const literal = typeof fields['arg'] === 'object' && fields['arg'] !== null && 'A_Const' in (fields['arg'] as Fields);
    if ((target === 'json' || target === 'jsonb') && !literal && !this.allowJsonParsing) {
      throw new Refusal(
        `Casting a computed value to ${target} is not allowed on the embedded database: text nested thousands of levels deep would exhaust its stack (literals and json/jsonb columns need no cast; PostgreSQL allows it)`,
      );
    }
  }

  private typeName(fields: Fields | undefined): void {
    const parts = namesOf(fields?.['names']);
    if (parts.length > 1 && parts[0] !== 'pg_catalog')
      throw new Refusal(`Type "${parts.join('.')}" is not allowed here (only built-in types)`);
    const name = parts[parts.length - 1] ?? '';
    if (name.startsWith('reg')) throw new Refusal(`Type "${name}" is not allowed here (it looks up the system catalogs)`);
  }

  /** OPERATOR(schema.op) may name a user-defined operator (a function in disguise). */
  private operator(fields: Fields): void {
    const parts = namesOf(fields['name']);
    if (parts.length > 1 && parts[0] !== 'pg_catalog')
      throw new Refusal(`Operator "${parts.join('.')}" is not allowed (only built-in operators)`);
  }

  private children(fields: Fields, ctes: ReadonlySet<string>): void {
    for (const value of Object.values(fields)) this.value(value, ctes);
  }

  /** A field's value: a node ({Type: {...}}), a list, a struct inlined by its parent, or a scalar. */
  private value(value: unknown, ctes: ReadonlySet<string>): void {
    if (Array.isArray(value)) {
      for (const item of value) this.value(item, ctes);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const entries = Object.keys(value);
    if (entries.length === 1 && /^[A-Z]/.test(entries[0] as string)) return this.node(value as Fields, ctes);
    const inline = value as Fields;
    // Typed fields are inlined without their node name: recognise the two kinds that need checks.
    if ('relname' in inline) this.relation(inline, ctes);
    if ('names' in inline && 'typemod' in inline) this.typeName(inline);
    this.children(inline, ctes);
  }
}

function namesOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((item) => String((item as { String?: { sval?: string } }).String?.sval ?? ''));
}

function describeNode(type: string): string {
  const statement = /^(\w+?)Stmt$/.exec(type);
  if (statement) return `A ${statement[1]} statement`;
  return `The construct ${type}`;
}
