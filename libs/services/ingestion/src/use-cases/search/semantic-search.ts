import {
  INGESTION_ERROR_CODES,
  type EmbeddingStatsResponse,
  type SearchHelpResponse,
  type SemanticSearchRequest,
  type SemanticSearchResponse,
  type SimilarArticlesResponse,
} from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import type { IngestionDeps } from '../../deps';
import { notFound } from '../../errors';
import type { ScoredRow } from '../../repositories/article-queries';
import { articleSummary } from '../article-views';
import { sourceIdOf } from '../source-filter';

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const SNIPPET_LENGTH = 300;

async function withSummaries(deps: IngestionDeps, scored: ScoredRow[]) {
  const rows = new Map((await deps.queries.summaries(scored.map((row) => row.id))).map((row) => [row.id, row]));
  return scored.flatMap((hit) => {
    const row = rows.get(hit.id);
    return row ? [{ summary: articleSummary(row), similarity: round(Number(hit.similarity)) }] : [];
  });
}

/** Ranks articles by cosine similarity between the query's vector and theirs (same embedder only). */
export async function semanticSearch(deps: IngestionDeps, request: SemanticSearchRequest): Promise<SemanticSearchResponse> {
  const sourceId = await sourceIdOf(deps, request.source);
  let vector: number[];
  try {
    [vector] = await deps.embedder.embed([request.query]);
  } catch (error) {
    throw new HttpError(
      503,
      INGESTION_ERROR_CODES.embeddingUnavailable,
      `the embedder ${deps.embedder.id} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const scored = await deps.queries.search(
    vector,
    deps.embedder.id,
    { minHuntScore: request.min_hunt_score ?? undefined, sourceId },
    request.limit,
  );
  const [snippets, summaries] = await Promise.all([
    deps.queries.snippets(
      scored.map((hit) => hit.id),
      SNIPPET_LENGTH,
    ),
    withSummaries(deps, scored),
  ]);
  const results = summaries.map(({ summary, similarity }) => ({ ...summary, similarity, snippet: snippets.get(summary.id) ?? '' }));
  return { query: request.query, embedder: deps.embedder.id, total: results.length, results };
}

/** Nearest articles by embedding, plus the article's SimHash near duplicates in either direction. */
export async function similarArticles(deps: IngestionDeps, articleId: number, limit: number): Promise<SimilarArticlesResponse> {
  const self = await deps.queries.content(articleId);
  if (!self) throw notFound('article', articleId);
  const hasVector = self.embeddedAt !== null && self.embeddingModel === deps.embedder.id;
  const similar = hasVector ? await withSummaries(deps, await deps.queries.similarTo(articleId, deps.embedder.id, limit)) : [];
  const near = await deps.articles.nearDuplicates({ value: BigInt(self.simhash), bands: self.simhashBands }, articleId, limit);
  const nearRows = new Map((await deps.queries.summaries(near.map((n) => n.id))).map((row) => [row.id, row]));
  return {
    article_id: articleId,
    method: hasVector ? 'embedding' : 'none',
    embedder: hasVector ? deps.embedder.id : null,
    similar: similar.map(({ summary, similarity }) => ({ ...summary, similarity })),
    near_duplicates: near.flatMap((n) => {
      const row = nearRows.get(n.id);
      return row ? [{ ...articleSummary(row), hamming_distance: n.distance }] : [];
    }),
  };
}

const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export async function embeddingStats(deps: IngestionDeps): Promise<EmbeddingStatsResponse> {
  const [articles, corpus] = await Promise.all([deps.queries.embeddingCoverage(), deps.corpusStats.embeddingCoverage()]);
  const current = articles.byModel[deps.embedder.id] ?? 0;
  return {
    embedder: { id: deps.embedder.id, dimensions: deps.embedder.dimensions },
    articles: {
      total: articles.total,
      embedded: current,
      missing: articles.total - current,
      coverage_percent: percent(current, articles.total),
      by_model: articles.byModel,
    },
    sigma_corpus: {
      total_rules: corpus.total,
      embedded_rules: corpus.embedded,
      missing: corpus.total - corpus.embedded,
      coverage_percent: percent(corpus.embedded, corpus.total),
    },
  };
}

export function searchHelp(deps: IngestionDeps): SearchHelpResponse {
  return {
    semantic: {
      endpoint: '/api/search/semantic',
      method: 'POST',
      description:
        'Ranks articles by cosine similarity between the query and each article (title and the start of its content) in embedding space.',
      fields: {
        query: 'required; free text, e.g. a technique or behaviour to hunt for',
        limit: 'optional; 1–100, default 10',
        min_hunt_score: 'optional; only articles scoring at least this (0–100); default none',
        source: 'optional; a source id or identifier',
      },
      embedder: { id: deps.embedder.id, dimensions: deps.embedder.dimensions },
    },
    article_filters: {
      endpoint: 'GET /api/articles',
      parameters: {
        q: 'case-insensitive substring of title or content (exact command lines work)',
        source: 'source id or identifier',
        min_hunt_score: '0–100',
        max_hunt_score: '0–100',
        published_after: 'ISO date or date-time, inclusive',
        published_before: 'ISO date or date-time, inclusive',
        include_duplicates: 'true (default) or false to hide near duplicates',
        sort_by: 'published_at | collected_at (default) | hunt_score | title | id',
        sort_order: 'asc | desc (default)',
        page: 'default 1',
        limit: 'default 50, max 200',
      },
    },
    examples: [
      {
        description: 'Credential dumping write-ups scoring at least 50',
        request: { query: 'lsass memory dump with comsvcs or procdump', min_hunt_score: 50, limit: 10 },
      },
      {
        description: 'Persistence through scheduled tasks from one source',
        request: { query: 'schtasks create persistence', source: 'manual' },
      },
    ],
  };
}
