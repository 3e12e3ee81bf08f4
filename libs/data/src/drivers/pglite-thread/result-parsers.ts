import type { QueryResultMessage } from './protocol';

/** PGlite's parser shape: the text PostgreSQL sent for one value, and its type OID. */
export type ValueParser = (text: string, typeId: number) => unknown;
export type ParserTable = Record<number, ValueParser>;

const oidsByTable = new WeakMap<ParserTable, number[]>();

/**
 * The OIDs a parser table covers. Functions cannot cross to the PGlite thread, so the thread leaves these
 * types as text and the main thread parses them. Cached: Prisma's adapter passes the same table every time.
 */
export function parsedOids(parsers: ParserTable | undefined): number[] {
  if (!parsers) return [];
  let oids = oidsByTable.get(parsers);
  if (!oids) {
    oids = Object.keys(parsers).map(Number);
    oidsByTable.set(parsers, oids);
  }
  return oids;
}

/** Runs `parsers` over the columns the thread left as text (in place: the rows are this call's own copy). */
export function applyParsers(result: QueryResultMessage, parsers: ParserTable | undefined, rowMode: 'array' | 'object'): void {
  if (!parsers || result.rows.length === 0) return;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, typeId: field.dataTypeID, parse: parsers[field.dataTypeID] }))
    .filter((column): column is typeof column & { parse: ValueParser } => column.parse !== undefined);
  if (columns.length === 0) return;
  for (const row of result.rows) {
    const cells = row as Record<string | number, unknown>;
    for (const column of columns) {
      const key = rowMode === 'array' ? column.index : column.name;
      const text = cells[key];
      // PGlite never hands a NULL to a parser.
      if (typeof text === 'string') cells[key] = column.parse(text, column.typeId);
    }
  }
}
