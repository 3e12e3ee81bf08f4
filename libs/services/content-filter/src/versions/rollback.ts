import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';
import { classifyText } from '../classification/classify-text';
import { defaultThreshold } from '../classification/threshold';
import type { ContentFilterPorts } from '../ports';

export interface RescoreDeps extends Pick<ContentFilterPorts, 'settings' | 'logger'> {
  analyses: Pick<ContentFilterPorts['analyses'], 'analysedArticleIds' | 'replace'>;
  articles: Pick<ContentFilterPorts['articles'], 'find'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
}

export interface RollbackDeps extends RescoreDeps {
  versions: Pick<ContentFilterPorts['versions'], 'findByVersion' | 'setCurrent'>;
  store: Pick<ContentFilterPorts['store'], 'findVersionArtifact' | 'installLive'>;
  model: Pick<ContentFilterPorts['model'], 'use' | 'clear'>;
  background: Pick<ContentFilterPorts['background'], 'run'>;
}

/**
 * Rollback to a saved version: its artifact (primary, else secondary copy) becomes the live model, is_current
 * moved, the classifier cache cleared, then a background re-scoring of the stored chunk analyses.
 */
export async function rollback(deps: RollbackDeps, { version }: { version: number }) {
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

/** Re-scores every article that has stored chunk analyses with the current model. */
export async function rescoreStoredAnalyses(deps: RescoreDeps): Promise<number> {
  const threshold = await defaultThreshold(deps.settings);
  let rescored = 0;
  for (const articleId of await deps.analyses.analysedArticleIds()) {
    const article = await deps.articles.find(articleId);
    if (!article) continue;
    const { version, decisions } = await deps.model.use(async ({ version, classifier }) => ({
      version,
      decisions: (await classifyText(classifier, article.content, { threshold, topFeatures: 5 })).decisions,
    }));
    await deps.analyses.replace(articleId, version, decisions);
    rescored++;
  }
  deps.logger.info({ rescored }, 'content-filter: re-scored stored chunk analyses');
  return rescored;
}
