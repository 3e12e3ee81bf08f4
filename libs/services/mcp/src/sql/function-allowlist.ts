/**
 * Functions a query may call: pure computations on the values it reads. Anything else (side effects,
 * file or network access, sleeping, locks, sequences, settings, running other SQL) is refused.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'bool_and', 'bool_or', 'every', 'array_agg', 'string_agg', 'json_agg',
  'jsonb_agg', 'json_object_agg', 'jsonb_object_agg', 'stddev', 'stddev_pop', 'stddev_samp', 'variance',
  'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode', 'corr',
  // window functions
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value',
  'last_value', 'nth_value',
  // conditionals
  'coalesce', 'nullif', 'greatest', 'least',
  // text
  'lower', 'upper', 'initcap', 'length', 'char_length', 'character_length', 'octet_length', 'substring',
  'substr', 'trim', 'btrim', 'ltrim', 'rtrim', 'left', 'right', 'position', 'strpos', 'replace', 'concat',
  'concat_ws', 'split_part', 'starts_with', 'reverse', 'translate', 'md5', 'regexp_replace', 'regexp_match',
  'regexp_matches', 'regexp_split_to_array', 'regexp_count', 'string_to_array', 'array_to_string',
  // numbers
  'abs', 'round', 'floor', 'ceil', 'ceiling', 'trunc', 'mod', 'power', 'sqrt', 'ln', 'log', 'exp', 'sign',
  'width_bucket',
  // dates and formatting
  'now', 'date_trunc', 'date_part', 'extract', 'age', 'to_char', 'to_number', 'to_date', 'to_timestamp',
  // JSON
  'json_build_object', 'jsonb_build_object', 'json_build_array', 'jsonb_build_array', 'to_json', 'to_jsonb',
  'json_array_length', 'jsonb_array_length', 'json_typeof', 'jsonb_typeof', 'json_extract_path',
  'jsonb_extract_path', 'json_extract_path_text', 'jsonb_extract_path_text', 'json_object_keys',
  'jsonb_object_keys', 'json_array_elements', 'jsonb_array_elements', 'json_array_elements_text',
  'jsonb_array_elements_text', 'json_each', 'jsonb_each', 'json_each_text', 'jsonb_each_text', 'jsonb_pretty',
  'jsonb_strip_nulls',
  // arrays
  'array_length', 'cardinality', 'unnest', 'array_position', 'array_upper', 'array_lower',
]);

/** Keywords that are followed by `(` without being a function call. */
export const STRUCTURAL_KEYWORDS: ReadonlySet<string> = new Set([
  'select', 'from', 'where', 'and', 'or', 'not', 'in', 'exists', 'any', 'all', 'some', 'as', 'on', 'join',
  'using', 'values', 'array', 'row', 'over', 'filter', 'within', 'group', 'by', 'having', 'case', 'when',
  'then', 'else', 'is', 'between', 'like', 'ilike', 'similar', 'union', 'intersect', 'except', 'distinct',
  'lateral', 'with', 'cast', 'limit', 'offset', 'order', 'partition', 'rows', 'range', 'cube', 'rollup',
  'grouping', 'sets', 'escape', 'asc', 'desc', 'nulls', 'first', 'last', 'fetch', 'only', 'materialized',
  'recursive', 'inner', 'left', 'right', 'full', 'outer', 'cross', 'natural', 'end', 'to', 'at', 'zone',
]);

/** Type names that take a modifier after `::` (e.g. `::numeric(10,2)`). */
export const TYPE_NAMES_WITH_MODIFIERS: ReadonlySet<string> = new Set([
  'numeric', 'decimal', 'varchar', 'char', 'character', 'bit', 'varbit', 'timestamp', 'timestamptz', 'time',
  'timetz', 'interval', 'float', 'vector',
]);

/**
 * Keywords that modify data, schema, session or server state. A query must start with SELECT, WITH or
 * VALUES; these are refused wherever they appear, which catches data-modifying CTEs, SELECT INTO and
 * anything a lexer trick might slip past the first word. (Column names such as `comment` stay usable.)
 */
export const FORBIDDEN_KEYWORDS: ReadonlySet<string> = new Set([
  'insert', 'update', 'delete', 'merge', 'upsert', 'truncate', 'drop', 'alter', 'create', 'grant', 'revoke',
  'copy', 'into', 'lock', 'set', 'reset', 'show', 'call', 'do', 'execute', 'prepare', 'deallocate', 'listen',
  'notify', 'unlisten', 'vacuum', 'analyze', 'analyse', 'cluster', 'reindex', 'refresh', 'discard', 'commit',
  'rollback', 'begin', 'savepoint', 'abort', 'checkpoint', 'declare', 'returning', 'explain',
]);

/** `FOR <one of these>` is a row-locking clause (FOR UPDATE, FOR SHARE, FOR NO KEY UPDATE, FOR KEY SHARE). */
export const LOCKING_CLAUSE_WORDS: ReadonlySet<string> = new Set(['update', 'share', 'no', 'key']);

export const STATEMENT_STARTS: ReadonlySet<string> = new Set(['select', 'with', 'values']);
