import {
  CONTENT_FILTER_ERROR_CODES,
  type ChunkDecision,
  type ClassifyRequest,
  type ClassifyResponse,
  type ClassifyResult,
} from '@huntforge/contracts/content-filter';
import { busReplyError } from '@huntforge/contracts/messages';
import type { ContentFilterPorts } from '../ports';
import { liveDecisions } from './live-decisions';
import { defaultThreshold } from './threshold';

/** The stored text, the default threshold, the live model and the chunk analyses it replaces. */
export interface ClassifyDeps extends Pick<ContentFilterPorts, 'settings'> {
  articles: Pick<ContentFilterPorts['articles'], 'find'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
  analyses: Pick<ContentFilterPorts['analyses'], 'replace'>;
}

/**
 * The `content-filter.classify` question: per-chunk decisions and the kept chunks' text. For an article
 * the decisions are stored as chunk analyses of the current model version; the text is the caller's copy
 * of the article when it sent one, else the stored content.
 */
export async function classify(deps: ClassifyDeps, request: ClassifyRequest): Promise<ClassifyResponse> {
  let text = request.text ?? '';
  if (request.article_id !== undefined) {
    const article = request.text === undefined ? await deps.articles.find(request.article_id) : { content: request.text };
    if (!article) return busReplyError(CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${request.article_id} does not exist`);
    text = article.content;
  }
  const threshold = request.threshold ?? (await defaultThreshold(deps.settings));
  const { version, decisions } = await liveDecisions(deps.model, text, { threshold, topFeatures: request.top_features ?? 5 });
  if (request.article_id !== undefined && !(await deps.analyses.replace(request.article_id, version, decisions))) {
    return busReplyError(CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${request.article_id} does not exist`);
  }

  return classificationOf(request.article_id ?? null, version, threshold, text, decisions);
}

/** The classify answer for decisions over `text`: every chunk's decision plus the kept chunks' text. */
export function classificationOf(
  articleId: number | null,
  version: number,
  threshold: number,
  text: string,
  decisions: ChunkDecision[],
): ClassifyResult {
  const kept = decisions.filter((decision) => decision.kept);
  return {
    article_id: articleId,
    model_version: version,
    threshold,
    total_chunks: decisions.length,
    kept_count: kept.length,
    has_huntable_content: kept.length > 0,
    chunks: decisions,
    kept_chunks: kept.map((decision) => ({
      chunk_id: decision.chunk_id,
      start: decision.start,
      end: decision.end,
      text: text.slice(decision.start, decision.end),
    })),
  };
}
