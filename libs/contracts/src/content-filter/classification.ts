import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';
import { chunkLabelSchema, contentFilterTextSchema, featureContributionSchema, junkFilterThresholdSchema } from './common';

/**
 * Bus request `content-filter.classify`. With `article_id` the decisions are stored as the article's chunk
 * analyses; the text classified is `text` when given (the article content the caller already read, e.g. the
 * workflow's copy for the run, so the decisions match the text it works on) or else the stored content.
 * Without `article_id`, `text` is classified and nothing is stored.
 */
export const classifyRequestSchema = z
  .object({
    article_id: z.number().int().positive().optional(),
    text: contentFilterTextSchema.optional(),
    threshold: junkFilterThresholdSchema.optional(),
    /** How many top features to return per chunk (default 5). */
    top_features: z.number().int().min(0).max(20).optional(),
  })
  .refine((body) => body.article_id !== undefined || body.text !== undefined, {
    message: 'give article_id, text or both',
    path: ['article_id'],
  })
  .meta({ id: 'ClassifyRequest' });

/** One chunk's decision: what the model said, why, and whether the chunk is kept. */
export const chunkDecisionSchema = z
  .object({
    chunk_id: z.number().int().nonnegative(),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    label: chunkLabelSchema,
    /** Probability of `label` (0.5-1). */
    confidence: z.number().min(0).max(1),
    /** Calibrated probability of Huntable. */
    huntable_probability: z.number().min(0).max(1),
    perfect_keywords: z.array(z.string()),
    kept: z.boolean(),
    /** Why it was kept or removed, in words. */
    reason: z.string(),
    top_features: z.array(featureContributionSchema),
  })
  .meta({ id: 'ChunkDecision' });

export const keptChunkSchema = z
  .object({ chunk_id: z.number().int().nonnegative(), start: z.number().int(), end: z.number().int(), text: z.string() })
  .meta({ id: 'KeptChunk' });

export const classifyResultSchema = z
  .object({
    article_id: z.number().int().positive().nullable(),
    model_version: z.number().int().positive(),
    threshold: junkFilterThresholdSchema,
    total_chunks: z.number().int().nonnegative(),
    kept_count: z.number().int().nonnegative(),
    has_huntable_content: z.boolean(),
    chunks: z.array(chunkDecisionSchema),
    kept_chunks: z.array(keptChunkSchema),
  })
  .meta({ id: 'ClassifyResult' });

export const classifyResponseSchema = z.union([classifyResultSchema, busReplyErrorSchema]);

export type ClassifyRequest = z.infer<typeof classifyRequestSchema>;
export type ChunkDecision = z.infer<typeof chunkDecisionSchema>;
export type KeptChunk = z.infer<typeof keptChunkSchema>;
export type ClassifyResult = z.infer<typeof classifyResultSchema>;
export type ClassifyResponse = z.infer<typeof classifyResponseSchema>;
