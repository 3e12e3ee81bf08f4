import { classifyText } from '../../classification/classify-text';
import { defaultThreshold } from '../../classification/threshold';
import type { ContentFilterPorts } from '../../ports';

export interface RescoreDeps extends Pick<ContentFilterPorts, 'settings' | 'logger'> {
  analyses: Pick<ContentFilterPorts['analyses'], 'analysedArticleIds' | 'replace'>;
  articles: Pick<ContentFilterPorts['articles'], 'find'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
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
