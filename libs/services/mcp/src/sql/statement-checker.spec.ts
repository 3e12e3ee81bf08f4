import { checkStatement, loadSqlParser } from './statement-checker';

beforeAll(() => loadSqlParser());

const refusal = (sql: string) => {
  const check = checkStatement(sql);
  if (check.ok) throw new Error(`expected a refusal of ${sql}`);
  return check.reason;
};

describe('checkStatement (PostgreSQL grammar through libpg-query)', () => {
  it('accepts one read-only statement and strips its trailing semicolons', () => {
    expect(checkStatement('SELECT count(*) FROM articles ;; ')).toEqual({ ok: true, statement: 'SELECT count(*) FROM articles' });
    expect(
      checkStatement("SELECT lower(title), substring(content FROM 1 FOR 20), coalesce(level, 'none')::varchar(10) FROM sigma_queue_items")
        .ok,
    ).toBe(true);
    expect(checkStatement('VALUES (1), (2)').ok).toBe(true);
    expect(checkStatement('SELECT comment FROM chunk_classification_feedback').ok).toBe(true);
  });

  it('accepts the SQL forms an analyst writes: joins, lateral functions, windows, grouping sets, set operations', () => {
    const honest = [
      "SELECT a.id, e.value FROM articles a CROSS JOIN LATERAL jsonb_array_elements(a.keyword_matches -> 'perfect') e WHERE a.hunt_score > 50",
      'SELECT source_id, count(*) FILTER (WHERE hunt_score > 50) OVER (PARTITION BY source_id ORDER BY id) FROM articles',
      'SELECT status, count(*) FROM workflow_executions GROUP BY ROLLUP (status) HAVING count(*) > 0 ORDER BY 2 DESC NULLS LAST LIMIT 5',
      "SELECT created_at AT TIME ZONE 'utc', extract(year FROM created_at), trim(both ' ' from title), position('a' in title) FROM sigma_queue_items",
      'SELECT id FROM articles WHERE id IN (SELECT article_id FROM workflow_executions) UNION SELECT 0 EXCEPT SELECT -1',
      'WITH RECURSIVE n(i) AS (VALUES (1) UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT * FROM n',
      'WITH settings AS (SELECT 1 AS x) SELECT x FROM settings',
      "SELECT CASE WHEN hunt_score IS NULL THEN 'none' ELSE 'some' END, (ARRAY[1, 2])[1], ROW(1, 2), title ILIKE '%x%' FROM public.articles",
    ];
    for (const sql of honest) expect({ sql, check: checkStatement(sql) }).toEqual({ sql, check: { ok: true, statement: sql } });
  });

  it('names the reason of a refusal', () => {
    expect(refusal('')).toBe('The query is empty');
    expect(refusal('-- only a comment')).toBe('The query is empty');
    expect(refusal('SELECT 1; SELECT 2')).toBe('Only one statement is allowed');
    expect(refusal('DELETE FROM articles')).toBe('Only SELECT, WITH ... SELECT or VALUES queries are allowed');
    expect(refusal('SELECT pg_sleep(1)')).toBe('Function "pg_sleep" is not allowed in read-only queries');
    expect(refusal('SELECT * FROM settings')).toBe('"settings" cannot be read through the tool server');
    expect(refusal('SELECT * FROM some_new_table')).toBe('"some_new_table" is not a table query_sql may read; list_tables shows those');
    expect(refusal('SELECT public.count(1)')).toBe('Function "public.count" is not allowed (only built-in functions may be called)');
    expect(refusal("SELECT 'pg_authid'::regclass")).toBe('Type "regclass" is not allowed here (it looks up the system catalogs)');
    expect(refusal('SELECT 1 OPERATOR(public.+) 1')).toBe('Operator "public.+" is not allowed (only built-in operators)');
    expect(refusal('SELECT * INTO stolen FROM articles')).toBe('SELECT INTO is not allowed: queries are read-only');
    expect(refusal('SELECT id FROM articles FOR UPDATE')).toBe('Row-locking clauses (FOR UPDATE / FOR SHARE) are not allowed');
    expect(refusal('WITH d AS (DELETE FROM articles RETURNING id) SELECT * FROM d')).toBe(
      'INSERT, UPDATE, DELETE and MERGE are not allowed (also not inside WITH): queries are read-only',
    );
    expect(refusal('SELECT * FROM articles WHERE id = $1')).toBe('Query parameters ($1) are not allowed: write the values into the query');
    expect(refusal("SELECT 'abc")).toMatch(/^The query does not parse: unterminated quoted string/);
  });

  it('finds what hides inside subqueries, set operations and CTEs', () => {
    expect(refusal('SELECT (SELECT count(*) FROM api_tokens)')).toBe('"api_tokens" cannot be read through the tool server');
    expect(refusal('SELECT 1 UNION (SELECT id FROM articles FOR SHARE)')).toBe(
      'Row-locking clauses (FOR UPDATE / FOR SHARE) are not allowed',
    );
    expect(refusal('SELECT id FROM articles WHERE EXISTS (SELECT pg_advisory_lock(1))')).toBe(
      'Function "pg_advisory_lock" is not allowed in read-only queries',
    );
    expect(refusal("SELECT * FROM xmltable('/a' PASSING '<a/>' COLUMNS x int)")).toBe(
      'The construct RangeTableFunc is not allowed in read-only queries',
    );
  });

  it('resolves CTE names the way PostgreSQL scopes them', () => {
    // Without RECURSIVE a CTE cannot see a later sibling: "settings" inside `a` is the real table.
    expect(refusal('WITH a AS (SELECT * FROM settings), settings AS (SELECT 1) SELECT * FROM a')).toBe(
      '"settings" cannot be read through the tool server',
    );
    // A CTE of a subquery is not visible outside it.
    expect(refusal('SELECT (WITH api_tokens AS (SELECT 1) SELECT 1), (SELECT count(*) FROM api_tokens)')).toBe(
      '"api_tokens" cannot be read through the tool server',
    );
    // A schema-qualified name never means a CTE.
    expect(refusal('WITH audit_events AS (SELECT 1) SELECT * FROM public.audit_events')).toBe(
      '"audit_events" cannot be read through the tool server',
    );
    expect(refusal('SELECT * FROM pg_catalog.pg_authid')).toBe('"pg_catalog.pg_authid" cannot be read through the tool server');
  });

  it('refuses, where asked (the embedded database), casting computed text to json or jsonb, and keeps literal casts', () => {
    const embedded = { allowRecursive: false, allowJsonParsing: false };
    const built = "SELECT (replace('[', '[', '[[') || ']]')::jsonb";
    expect(checkStatement(built).ok).toBe(true);
    const refused = checkStatement(built, embedded);
    expect(refused).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Casting a computed value to jsonb is not allowed on the embedded database'),
    });
    expect(checkStatement('SELECT CAST(content AS json) FROM articles', embedded)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('to json'),
    });
    expect(checkStatement(`SELECT '{"a": 1}'::jsonb, CAST('[1]' AS json), hunt_score::text FROM articles`, embedded).ok).toBe(true);
  });
});
