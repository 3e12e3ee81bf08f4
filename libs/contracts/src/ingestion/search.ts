import { z } from 'zod';
import { articleSummarySchema } from './articles';

export const semanticSearchRequestSchema = z
  .object({
    query: z.string().trim().min(1).max(2000),
    limit: z.number().int().min(1).max(100).default(10),
    min_hunt_score: z.number().min(0).max(100).nullable().optional().meta({ description: 'Default none' }),
    source: z.string().min(1).nullable().optional().meta({ description: 'Source id or identifier' }),
  })
  .meta({ id: 'SemanticSearchRequest' });

export const semanticSearchResponseSchema = z
  .object({
    query: z.string(),
    embedder: z.string(),
    total: z.number().int().nonnegative(),
    results: z.array(articleSummarySchema.extend({ similarity: z.number(), snippet: z.string() })),
  })
  .meta({ id: 'SemanticSearchResponse' });

export const searchHelpResponseSchema = z
  .object({
    semantic: z.object({
      endpoint: z.string(),
      method: z.string(),
      description: z.string(),
      fields: z.record(z.string(), z.string()),
      embedder: z.object({ id: z.string(), dimensions: z.number().int() }),
    }),
    article_filters: z.object({ endpoint: z.string(), parameters: z.record(z.string(), z.string()) }),
    examples: z.array(z.object({ description: z.string(), request: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: 'SearchHelp' });

const coverageSchema = z.object({
  total: z.number().int().nonnegative(),
  embedded: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  coverage_percent: z.number(),
});

export const embeddingStatsResponseSchema = z
  .object({
    embedder: z.object({ id: z.string(), dimensions: z.number().int() }),
    articles: coverageSchema.extend({ by_model: z.record(z.string(), z.number().int()) }),
    sigma_corpus: z
      .object({
        total_rules: z.number().int().nonnegative(),
        embedded_rules: z.number().int().nonnegative(),
        missing: z.number().int().nonnegative(),
        coverage_percent: z.number(),
      })
      .meta({ description: 'Reference Sigma rule rows versus rows with embeddings (not the review queue)' }),
  })
  .meta({ id: 'EmbeddingStats' });

export type SemanticSearchRequest = z.infer<typeof semanticSearchRequestSchema>;
export type SemanticSearchResponse = z.infer<typeof semanticSearchResponseSchema>;
export type SearchHelpResponse = z.infer<typeof searchHelpResponseSchema>;
export type EmbeddingStatsResponse = z.infer<typeof embeddingStatsResponseSchema>;
