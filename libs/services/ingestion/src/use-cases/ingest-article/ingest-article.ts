import { TOPICS, type ArticleIngestedPayload } from '@huntforge/contracts';
import { huntScoreFields } from '../hunt-scores/rescore-hunt-scores';
import { canonicalUrl } from '../../dedup/canonical-url';
import { contentHash, simHash } from '../../dedup/fingerprints';
import type { IngestionPorts } from '../../ports';
import { uniqueViolationOf, type ArticleEmbedding, type NewArticle } from '../../repositories/article-repository';

export interface ArticleCandidate {
  sourceId: number;
  url: string;
  title: string;
  content: string;
  publishedAt: Date | null;
  metadata?: Record<string, unknown>;
}

export type IngestOutcome =
  | { outcome: 'created'; articleId: number; huntScore: number; duplicateOf: number | null }
  | { outcome: 'duplicate'; articleId: number | null; reason: 'canonical_url' | 'content_hash' };

/** Remote embedders take a few thousand tokens; the builtin one uses the same window for comparable vectors. */
const EMBED_TEXT_LIMIT = 8_000;

export const embeddingInput = (title: string, content: string): string => `${title}\n\n${content}`.slice(0, EMBED_TEXT_LIMIT);

export type EmbedDeps = Pick<IngestionPorts, 'embedder' | 'logger'>;

export async function embedOrNull(deps: EmbedDeps, text: string): Promise<ArticleEmbedding | null> {
  try {
    const [vector] = await deps.embedder.embed([text]);
    return { vector, model: deps.embedder.id };
  } catch (error) {
    // The embed_new_articles job picks the article up later.
    deps.logger.warn({ err: error, embedder: deps.embedder.id }, 'embedding failed; article stored without a vector');
    return null;
  }
}

/**
 * Scores, fingerprints and embeds a text: the stored form of an article. `excludeId` (an article being
 * refreshed) turns on the near-duplicate lookup here; new articles get theirs inside the insert.
 */
export interface PrepareArticleDeps extends EmbedDeps {
  articles: Pick<IngestionPorts['articles'], 'nearDuplicates'>;
}

export async function prepareArticle(deps: PrepareArticleDeps, candidate: ArticleCandidate, excludeId: number | null) {
  const score = huntScoreFields(candidate.title, candidate.content);
  const fingerprint = simHash(candidate.content);
  const candidates = excludeId === null ? [] : await deps.articles.nearDuplicates(fingerprint, excludeId);
  let duplicateOf: { id: number; distance: number } | null = null;
  for (const { distance, ...other } of candidates) {
    // Point at the original of a chain, so near duplicates group under one article.
    const target = other.duplicateOfId ?? other.id;
    if (!duplicateOf || distance < duplicateOf.distance || (distance === duplicateOf.distance && target < duplicateOf.id))
      duplicateOf = { id: target, distance };
  }
  const article: Omit<NewArticle, 'sourceId' | 'canonicalUrl'> = {
    url: candidate.url,
    title: candidate.title.slice(0, 1000),
    content: candidate.content,
    contentHash: contentHash(candidate.content),
    simhash: fingerprint.value,
    simhashBands: fingerprint.bands,
    duplicateOfId: duplicateOf?.id ?? null,
    huntScore: score.huntScore,
    keywordMatches: score.keywordMatches,
    publishedAt: candidate.publishedAt,
    metadata: {
      ...candidate.metadata,
      content_length: candidate.content.length,
      hunt_score_points: score.points,
      hunt_registry: score.registry,
    },
  };
  return { article, embedding: await embedOrNull(deps, embeddingInput(article.title, article.content)) };
}

export type PublishDeps = Pick<IngestionPorts, 'bus' | 'logger'>;

export async function publishIngested(deps: PublishDeps, articleId: number, huntScore: number): Promise<void> {
  const payload: ArticleIngestedPayload = { article_id: articleId, hunt_score: huntScore };
  try {
    await deps.bus.publish(TOPICS.articleIngested, payload);
  } catch (error) {
    // The article is stored; a lost event only means no auto-trigger for it (a manual trigger still works).
    deps.logger.error({ err: error, articleId }, 'article.ingested could not be published');
  }
}

/**
 * Stores one article unless its canonical URL or exact content is already stored (the unique indexes
 * decide, so concurrent collectors cannot both insert). Near duplicates are stored and linked (the
 * insert finds them). The article.ingested event goes out after the insert has committed.
 */
export interface IngestArticleDeps extends EmbedDeps, PublishDeps {
  articles: Pick<IngestionPorts['articles'], 'nearDuplicates' | 'idByCanonicalUrl' | 'idByContentHash' | 'insert'>;
}

export interface IngestArticleCommand extends ArticleCandidate {
  /** The caller already looked the canonical URL up (a collection run does, for every entry at once). */
  urlChecked?: boolean;
}

export async function ingestArticle(deps: IngestArticleDeps, command: IngestArticleCommand): Promise<IngestOutcome> {
  const { urlChecked, ...candidate } = command;
  const canonical = canonicalUrl(candidate.url);
  if (!urlChecked) {
    const byUrl = await deps.articles.idByCanonicalUrl(canonical);
    if (byUrl !== null) return { outcome: 'duplicate', articleId: byUrl, reason: 'canonical_url' };
  }
  const { article, embedding } = await prepareArticle(deps, candidate, null);
  // No pre-check of the content hash: the unique index answers in the insert itself.
  let inserted: { id: number; duplicateOfId: number | null };
  try {
    inserted = await deps.articles.insert({ ...article, sourceId: candidate.sourceId, canonicalUrl: canonical }, embedding);
  } catch (error) {
    const field = uniqueViolationOf(error);
    if (!field) throw error;
    const existing =
      field === 'canonical_url'
        ? await deps.articles.idByCanonicalUrl(canonical)
        : await deps.articles.idByContentHash(article.contentHash);
    return { outcome: 'duplicate', articleId: existing, reason: field };
  }
  await publishIngested(deps, inserted.id, article.huntScore);
  return { outcome: 'created', articleId: inserted.id, huntScore: article.huntScore, duplicateOf: inserted.duplicateOfId };
}
