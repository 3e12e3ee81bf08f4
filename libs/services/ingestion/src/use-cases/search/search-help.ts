import type { SearchHelpResponse } from '@huntforge/contracts/ingestion';
import type { IngestionPorts } from '../../ports';

export type SearchHelpDeps = Pick<IngestionPorts, 'embedder'>;

/** GET /api/search/help: how to search, with the embedder in use. */
export function searchHelp(deps: SearchHelpDeps): SearchHelpResponse {
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
