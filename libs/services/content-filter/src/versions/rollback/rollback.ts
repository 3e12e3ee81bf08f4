import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../../ports';
import { rescoreStoredAnalyses, type RescoreDeps } from '../rescore/rescore-stored-analyses';

export interface RollbackDeps extends RescoreDeps {
  versions: Pick<ContentFilterPorts['versions'], 'findByVersion' | 'setCurrent'>;
  store: Pick<ContentFilterPorts['store'], 'findVersionArtifact' | 'installLive'>;
  model: Pick<ContentFilterPorts['model'], 'use' | 'clear'>;
  background: Pick<ContentFilterPorts['background'], 'run'>;
}

export interface RollbackCommand {
  version: number;
}

/**
 * Rollback to a saved version: its artifact (primary, else secondary copy) becomes the live model, is_current
 * moved, the classifier cache cleared, then a background re-scoring of the stored chunk analyses.
 */
export async function rollback(deps: RollbackDeps, command: RollbackCommand) {
  const { version } = command;
  const target = await deps.versions.findByVersion(version);
  if (!target) throw new HttpError(404, CONTENT_FILTER_ERROR_CODES.modelVersionNotFound, `Model version ${version} does not exist`);
  const artifact = await deps.store.findVersionArtifact({
    version,
    primary: target.modelFilePath,
    secondary: target.secondaryModelFilePath,
  });
  if (!artifact) {
    throw new HttpError(
      422,
      CONTENT_FILTER_ERROR_CODES.artifactMissing,
      `Model version ${version} has no artifact in its primary location (the database) or its secondary one (this replica's disk)`,
      {
        primary: target.modelFilePath,
        secondary: target.secondaryModelFilePath,
      },
    );
  }
  await deps.store.installLive(version, artifact.bytes);
  await deps.versions.setCurrent(version);
  await deps.model.clear();
  void deps.background.run(`rescore-after-rollback-v${version}`, () => rescoreStoredAnalyses(deps));
  return {
    success: true as const,
    message: `Rolled back to model version ${version} (${artifact.copy} artifact); re-scoring stored chunk analyses in the background`,
    version,
    artifact: artifact.copy,
    rescoring_started: true,
  };
}
