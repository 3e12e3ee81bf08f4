import { z } from 'zod';
import { chunkLabelSchema } from './common';

/** POST /api/feedback/chunk-classification (spec "Chunk classification feedback"). */
export const createChunkFeedbackRequestSchema = z
  .object({
    article_id: z.number().int().positive(),
    chunk_id: z.number().int().nonnegative(),
    chunk_text: z.string().min(1).max(100_000),
    model_classification: chunkLabelSchema,
    model_confidence: z.number().min(0).max(1),
    model_reason: z.string().max(10_000).nullish(),
    is_correct: z.boolean(),
    user_classification: chunkLabelSchema.nullish(),
    comment: z.string().max(10_000).nullish(),
  })
  .strict()
  .meta({ id: 'CreateChunkFeedbackRequest' });

export const chunkFeedbackSchema = z
  .object({
    id: z.number().int().positive(),
    article_id: z.number().int().positive(),
    chunk_id: z.number().int().nonnegative(),
    chunk_text: z.string(),
    model_classification: chunkLabelSchema,
    model_confidence: z.number(),
    model_reason: z.string().nullable(),
    is_correct: z.boolean(),
    user_classification: chunkLabelSchema.nullable(),
    comment: z.string().nullable(),
    used_for_training: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ChunkFeedback' });

export const createChunkFeedbackResponseSchema = z
  .object({ success: z.literal(true), feedback: chunkFeedbackSchema })
  .meta({ id: 'CreateChunkFeedbackResponse' });

export const chunkFeedbackParamsSchema = z.object({
  article_id: z.coerce.number().int().positive(),
  chunk_id: z.coerce.number().int().nonnegative(),
});

/** Newest feedback per chunk, keyed by chunk id. */
export const articleChunkFeedbackResponseSchema = z
  .object({ article_id: z.number().int().positive(), feedback: z.record(z.string(), chunkFeedbackSchema) })
  .meta({ id: 'ArticleChunkFeedback' });

export const singleChunkFeedbackResponseSchema = z.object({ feedback: chunkFeedbackSchema.nullable() }).meta({ id: 'SingleChunkFeedback' });

export type CreateChunkFeedbackRequest = z.infer<typeof createChunkFeedbackRequestSchema>;
export type ChunkFeedbackView = z.infer<typeof chunkFeedbackSchema>;
