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

/**
 * Functions PostgreSQL's grammar produces for SQL-standard syntax (e.g. `x AT TIME ZONE y` is
 * pg_catalog.timezone, `SIMILAR TO` is similar_to_escape); allowed only in that syntactic form.
 */
export const SQL_SYNTAX_FUNCTIONS: ReadonlySet<string> = new Set([
  'timezone', 'overlay', 'similar_to_escape', 'normalize', 'is_normalized', 'pg_collation_for', 'btrim', 'ltrim',
  'rtrim', 'substring', 'position', 'extract', 'date_part',
]);

/**
 * Parse-tree nodes a query may contain: SELECT / WITH / VALUES and the expressions inside them. Anything
 * else (another statement kind, SELECT INTO, locking clauses, XML or SQL/JSON table functions, TABLESAMPLE,
 * parameters) is refused. Node names are those of PostgreSQL's parser (libpg-query's JSON).
 */
export const ALLOWED_NODE_TYPES: ReadonlySet<string> = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'A_Star', 'String', 'Integer', 'Float', 'Boolean', 'BitString', 'A_Const',
  'A_Expr', 'BoolExpr', 'NullTest', 'BooleanTest', 'FuncCall', 'NamedArgExpr', 'TypeCast', 'CaseExpr', 'CaseWhen',
  'CoalesceExpr', 'MinMaxExpr', 'SubLink', 'RangeVar', 'JoinExpr', 'RangeSubselect', 'RangeFunction', 'SortBy',
  'WindowDef', 'CommonTableExpr', 'List', 'A_Indirection', 'A_Indices', 'A_ArrayExpr', 'RowExpr', 'SQLValueFunction',
  'GroupingSet', 'GroupingFunc', 'CollateClause',
]);
