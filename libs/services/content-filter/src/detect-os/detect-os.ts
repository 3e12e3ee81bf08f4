import {
  CONTENT_FILTER_ERROR_CODES,
  DETECT_OS_METHOD,
  type ChunkDecision,
  type DetectOsRequest,
  type DetectOsResponse,
  type DetectOsResult,
} from '@huntforge/contracts/content-filter';
import { busReplyError } from '@huntforge/contracts/messages';
import { detectPlatform } from '@huntforge/scoring';
import { liveDecisions } from '../classification/live-decisions';
import { defaultThreshold } from '../classification/threshold';
import type { ContentFilterPorts } from '../ports';

export interface DetectOsDeps extends Pick<ContentFilterPorts, 'settings'> {
  articles: Pick<ContentFilterPorts['articles'], 'find'>;
  model: Pick<ContentFilterPorts['model'], 'use'>;
}

/**
 * OS detection: the junk filter first (only kept chunks count), then the deterministic weighted platform
 * registry over the kept text. No huntable chunk → `no_huntable_content` (HTTP 422).
 */
export async function detectOs(deps: DetectOsDeps, request: DetectOsRequest): Promise<DetectOsResponse> {
  const article =
    request.text === undefined ? await deps.articles.find(request.article_id) : { id: request.article_id, content: request.text };
  if (!article) return busReplyError(CONTENT_FILTER_ERROR_CODES.articleNotFound, `Article ${request.article_id} does not exist`);
  const threshold = request.threshold ?? (await defaultThreshold(deps.settings));
  const { version, decisions } = await liveDecisions(deps.model, article.content, { threshold, topFeatures: 0 });
  const detection = platformOf({ articleId: article.id, content: article.content, version, threshold }, decisions);
  if (!detection) {
    return busReplyError(
      CONTENT_FILTER_ERROR_CODES.noHuntableContent,
      `No chunk of article ${request.article_id} is huntable at confidence >= ${threshold} (${decisions.length} chunks checked)`,
    );
  }
  return detection;
}

/** The platform registry over the kept chunks of `content`; null when no chunk is kept. */
export function platformOf(
  article: { articleId: number; content: string; version: number; threshold: number },
  decisions: readonly ChunkDecision[],
): DetectOsResult | null {
  const kept = decisions.filter((decision) => decision.kept);
  if (kept.length === 0) return null;
  const detection = detectPlatform(kept.map((decision) => article.content.slice(decision.start, decision.end)));
  return {
    article_id: article.articleId,
    os: detection.os,
    confidence: detection.confidence,
    method: DETECT_OS_METHOD,
    evidence: detection.evidence.slice(0, 25),
    scores: detection.scores,
    threshold: article.threshold,
    kept_chunks: kept.length,
    total_chunks: decisions.length,
    model_version: article.version,
  };
}
