import { notFound } from '../../errors';
import type { IngestionPorts } from '../../ports';
import type { SourceRow } from '../../repositories/source-repository';

export interface LoadSourceDeps {
  sources: Pick<IngestionPorts['sources'], 'find'>;
}

/** The source a route names by id or identifier, or a 404. */
export async function loadSource(deps: LoadSourceDeps, idOrIdentifier: string): Promise<SourceRow> {
  const source = await deps.sources.find(idOrIdentifier);
  if (!source) throw notFound('source', idOrIdentifier);
  return source;
}
