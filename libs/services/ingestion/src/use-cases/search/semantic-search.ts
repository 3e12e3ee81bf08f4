import { INGESTION_ERROR_CODES, type SemanticSearchRequest, type SemanticSearchResponse } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { IngestionPorts } from '../../ports';
import { sourceIdOf, type SourceFilterDeps } from '../source-filter';
import { withSummaries, type ScoredSummariesDeps } from './scored-summaries';

const SNIPPET_LENGTH = 300;

export interface SemanticSearchDeps extends SourceFilterDeps, Pick<IngestionPorts, 'embedder'> {
  queries: ScoredSummariesDeps['queries'] & Pick<IngestionPorts['queries'], 'search' | 'snippets'>;
}

/** Ranks articles by cosine similarity between the query's vector and theirs (same embedder only). */
export async function semanticSearch(deps: SemanticSearchDeps, request: SemanticSearchRequest): Promise<SemanticSearchResponse> {
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
