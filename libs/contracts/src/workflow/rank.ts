import { z } from 'zod';

export const articleIdParamsSchema = z.object({ article_id: z.coerce.number().int().positive() });
export type RankWithLlmParams = z.infer<typeof articleIdParamsSchema>;

/** What RankAgent must answer; `score` is the 0-10 relevance of the article for threat hunting. */
export const rankAgentOutputSchema = z.object({
  score: z.coerce.number().min(0).max(10),
  reasoning: z.string().default(''),
});
export type RankAgentOutput = z.infer<typeof rankAgentOutputSchema>;

export const llmUsageSchema = z
  .object({ input_tokens: z.number().int(), output_tokens: z.number().int(), latency_ms: z.number().int() })
  .meta({ id: 'LlmUsage' });

export const rankWithLlmResponseSchema = z
  .object({
    article_id: z.number().int(),
    score: z.number(),
    reasoning: z.string(),
    ranking_threshold: z.number(),
    passes_threshold: z.boolean().meta({ description: 'score >= RankingThreshold' }),
    provider: z.string(),
    model: z.string(),
    config_version: z.number().int(),
    usage: llmUsageSchema,
  })
  .meta({ id: 'RankWithLlmResult' });
export type RankWithLlmResponse = z.infer<typeof rankWithLlmResponseSchema>;
