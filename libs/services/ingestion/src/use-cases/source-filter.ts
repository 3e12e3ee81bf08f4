import { notFound } from '../errors';
import type { IngestionPorts } from '../ports';

export interface SourceFilterDeps {
  sources: Pick<IngestionPorts['sources'], 'find'>;
}

/** The id of a source filter given by id or identifier (undefined when there is none); 404 for an unknown source. */
export async function sourceIdOf(deps: SourceFilterDeps, source: string | null | undefined): Promise<number | undefined> {
  if (!source) return undefined;
  const row = await deps.sources.find(source);
  if (!row) throw notFound('source', source);
  return row.id;
}
