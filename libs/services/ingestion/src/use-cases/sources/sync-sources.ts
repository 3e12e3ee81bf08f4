import type { IngestionPorts } from '../../ports';
import { readSourcesFile } from './sources-file';

export interface SyncSourcesDeps extends Pick<IngestionPorts, 'logger'> {
  sources: Pick<IngestionPorts['sources'], 'insertMissing'>;
}

export interface SyncSourcesCommand {
  /** The sources file (config/sources.yaml, or SOURCES_FILE). */
  file: string;
}

/** Reads the sources file and creates the sources not stored yet; stored ones are left as they are. */
export async function syncSources(deps: SyncSourcesDeps, command: SyncSourcesCommand): Promise<{ created: string[]; existing: string[] }> {
  const seeds = await readSourcesFile(command.file);
  const result = await deps.sources.insertMissing(seeds);
  deps.logger.info({ file: command.file, created: result.created.length, existing: result.existing.length }, 'sources synced');
  return result;
}
