import type { QueryResultMessage } from './protocol';
import type { Pglite } from './worker-context';

// A part of the PGlite thread: sent as source text, so it names nothing outside itself.

export type BackendMessage = Awaited<ReturnType<Pglite['execProtocolStream']>>[number];
export type ValueParser = (text: string, typeId: number) => unknown;
export type ResultSets = (
  messages: BackendMessage[],
  parsers: Record<number | string, ValueParser>,
  rawOids: number[],
  rowMode: 'array' | 'object',
) => QueryResultMessage[];

/**
 * PGlite's parseResults (the result sets of a simple or extended query), reading the parser table in place:
 * PGlite copies its whole table (300-odd types) into a new object for every answer, which cost more than
 * most of our statements. A value of a type in `rawOids` stays PostgreSQL's text (the main thread parses
 * it); any other goes through `parsers`, then PGlite's `defaultParsers`, as in PGlite's parseType.
 */
export function workerResultSets(defaultParsers: Record<number | string, ValueParser>): ResultSets {
  const keepText: ValueParser = (text) => text;
  return (messages: BackendMessage[], parsers: Record<number | string, ValueParser>, rawOids: number[], rowMode: 'array' | 'object') => {
    const parserOf = (typeId: number): ValueParser | undefined =>
      rawOids.includes(typeId) ? keepText : (parsers[typeId] ?? defaultParsers[typeId]);
    const sets: QueryResultMessage[] = [];
    let current: QueryResultMessage = { rows: [], fields: [] };
    let columnParsers: Array<ValueParser | undefined> = [];
    let affectedRows = 0;
    for (const reply of messages) {
      if (reply.name === 'rowDescription') {
        const { fields } = reply as unknown as { fields: Array<{ name: string; dataTypeID: number }> };
        current.fields = fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
        columnParsers = current.fields.map((field) => parserOf(field.dataTypeID));
      } else if (reply.name === 'dataRow') {
        const { fields } = reply as unknown as { fields: Array<string | null> };
        const values = fields.map((text, i) => {
          if (text === null) return null;
          const parse = columnParsers[i];
          return parse ? parse(text, current.fields[i]?.dataTypeID as number) : text;
        });
        current.rows.push(rowMode === 'array' ? values : Object.fromEntries(current.fields.map((field, i) => [field.name, values[i]])));
      } else if (reply.name === 'commandComplete') {
        const words = (reply as unknown as { text: string }).text.split(' ');
        const verb = words[0];
        if (verb === 'INSERT') affectedRows += parseInt(words[2] as string, 10);
        else if (verb === 'UPDATE' || verb === 'DELETE' || verb === 'COPY' || verb === 'MERGE')
          affectedRows += parseInt(words[1] as string, 10);
        sets.push({ ...current, affectedRows });
        current = { rows: [], fields: [] };
      }
    }
    if (sets.length === 0) sets.push({ rows: [], fields: [], affectedRows: 0 });
    return sets;
  };
}
