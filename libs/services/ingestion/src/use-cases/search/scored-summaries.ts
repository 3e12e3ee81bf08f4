import type { IngestionPorts } from '../../ports';
import type { ScoredRow } from '../../repositories/article-queries';
import { articleSummary } from '../articles/article-views';

export interface ScoredSummariesDeps {
  queries: Pick<IngestionPorts['queries'], 'summaries'>;
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** The list summaries of scored rows, in score order, each with its rounded similarity. */
export async function withSummaries(deps: ScoredSummariesDeps, scored: ScoredRow[]) {
  const rows = new Map((await deps.queries.summaries(scored.map((row) => row.id))).map((row) => [row.id, row]));
  return scored.flatMap((hit) => {
    const row = rows.get(hit.id);
    return row ? [{ summary: articleSummary(row), similarity: round(Number(hit.similarity)) }] : [];
  });
}
