import { CONTENT_FILTER_ERROR_CODES, type ChunkDebugResponse } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';
import { classifyText } from '../../classification/classify-text';
import { defaultThreshold } from '../../classification/threshold';
import type { ContentFilterPorts } from '../../ports';

/** Chunks per model call during chunk-debug, so processed_chunks moves visibly. */
const PROGRESS_GROUP = 16;

export interface ChunkDebugDeps extends Pick<ContentFilterPorts, 'settings'> {
  config: Pick<ContentFilterPorts['config'], 'chunkDebugMaxChunks'>;
  articles: Pick<ContentFilterPorts['articles'], 'find'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
  progress: Pick<ContentFilterPorts['progress'], 'start' | 'advance' | 'enter' | 'finish'>;
  analyses: Pick<ContentFilterPorts['analyses'], 'replace'>;
}

export interface ChunkDebugCommand {
  articleId: number;
  /** The JUNK_FILTER_THRESHOLD setting when absent. */
  threshold?: number;
}

/**
 * Every chunk's keep/remove decision and why, with the local model only. Progress goes through the
 * database in the spec's phases: filtering (full-article pass), analyzing (counter), finalizing.
 */
export async function runChunkDebug(deps: ChunkDebugDeps, command: ChunkDebugCommand): Promise<ChunkDebugResponse> {
  const { articleId } = command;
  const article = await deps.articles.find(articleId);
  if (!article) throw new HttpError(404, CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${articleId} does not exist`);
  const threshold = command.threshold ?? (await defaultThreshold(deps.settings));
  // The classifier stays ours until the analyses are stored, even if a rollback retires it meanwhile.
  return deps.model.use(async ({ version, classifier }) => {
    await deps.progress.start(articleId);
    try {
      const max = deps.config.chunkDebugMaxChunks;
      const result = await classifyText(classifier, article.content, {
        threshold,
        topFeatures: 5,
        maxChunks: max,
        groupSize: PROGRESS_GROUP,
        onProgress: (processed) => deps.progress.advance(articleId, processed),
        onChunked: async (chunks, analysed) => {
          await deps.progress.enter(articleId, 'analyzing', {
            totalChunks: analysed,
            articleTotalChunks: chunks,
            chunkLimitApplied: analysed < chunks,
          });
        },
      });
      await deps.progress.enter(articleId, 'finalizing');
      await deps.analyses.replace(articleId, version, result.decisions);
      const kept = result.decisions.filter((decision) => decision.kept).length;
      const response: ChunkDebugResponse = {
        article_id: articleId,
        model_version: version,
        threshold,
        total_chunks: result.decisions.length,
        article_total_chunks: result.chunks.length,
        chunk_limit_applied: result.chunkLimitApplied,
        kept_count: kept,
        removed_count: result.decisions.length - kept,
        chunks: result.decisions.map((decision) => ({ ...decision, text: article.content.slice(decision.start, decision.end) })),
      };
      await deps.progress.finish(articleId);
      return response;
    } catch (error) {
      await deps.progress.finish(articleId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  });
}
