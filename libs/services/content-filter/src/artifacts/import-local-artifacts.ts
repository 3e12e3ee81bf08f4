import type { Logger } from '@huntforge/platform';
import type { ModelVersionRepository } from '../repositories/model-version-repository';
import type { ArtifactStore } from './artifact-store';

export interface ImportLocalArtifactsDeps {
  store: ArtifactStore;
  versions: Pick<ModelVersionRepository, 'listLocations'>;
  logger: Logger;
}

export interface ImportReport {
  imported: number[];
  /** Versions neither the shared store nor this replica's disk holds (another replica may import them). */
  missing: number[];
}

/**
 * On start: every version whose artifact exists only on this replica's disk (written before artifacts
 * lived in the database) is copied into the shared store, so an upgrade loses no model. Idempotent, and
 * safe with several replicas starting at once.
 */
export async function importLocalArtifacts(deps: ImportLocalArtifactsDeps): Promise<ImportReport> {
  const report: ImportReport = { imported: [], missing: [] };
  for (const row of await deps.versions.listLocations()) {
    const outcome = await deps.store.importLocalCopy({
      version: row.version,
      primary: row.modelFilePath,
      secondary: row.secondaryModelFilePath,
    });
    if (outcome === 'imported') report.imported.push(row.version);
    if (outcome === 'missing') report.missing.push(row.version);
  }
  if (report.imported.length > 0)
    deps.logger.info({ versions: report.imported }, 'content-filter: imported model artifacts from local disk into the database');
  if (report.missing.length > 0)
    deps.logger.warn({ versions: report.missing }, 'content-filter: model versions with no artifact in the database or on this replica');
  return report;
}
