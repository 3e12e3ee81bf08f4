import { z } from 'zod';
import { chunkDecisionSchema } from './classification';
import { junkFilterThresholdSchema } from './common';

export const CHUNK_DEBUG_PHASES = ['filtering', 'analyzing', 'finalizing'] as const;
export const CHUNK_DEBUG_MAX_CHUNKS_DEFAULT = 200;

export const chunkDebugQuerySchema = z.object({ threshold: z.coerce.number().min(0).max(1).optional() }).meta({ id: 'ChunkDebugQuery' });

export const chunkDebugChunkSchema = chunkDecisionSchema.extend({ text: z.string() }).meta({ id: 'ChunkDebugChunk' });

export const chunkDebugResponseSchema = z
  .object({
    article_id: z.number().int().positive(),
    model_version: z.number().int().positive(),
    threshold: junkFilterThresholdSchema,
    /** Chunks this pass analysed. */
    total_chunks: z.number().int().nonnegative(),
    /** Chunks the article holds. */
    article_total_chunks: z.number().int().nonnegative(),
    /** True when the article held more than CHUNK_DEBUG_MAX_CHUNKS chunks and only the first were analysed. */
    chunk_limit_applied: z.boolean(),
    kept_count: z.number().int().nonnegative(),
    removed_count: z.number().int().nonnegative(),
    chunks: z.array(chunkDebugChunkSchema),
  })
  .meta({ id: 'ChunkDebugResponse' });

/**
 * Progress of a chunk-debug pass. Idle: `{in_progress: false}`. Running: phase, totals and
 * chunk_limit_applied; processed_chunks only while analyzing (the spec allows a counter only there).
 */
export const chunkDebugProgressSchema = z
  .object({
    in_progress: z.boolean(),
    phase: z.enum(CHUNK_DEBUG_PHASES).optional(),
    processed_chunks: z.number().int().nonnegative().optional(),
    total_chunks: z.number().int().nonnegative().optional(),
    article_total_chunks: z.number().int().nonnegative().optional(),
    chunk_limit_applied: z.boolean().optional(),
  })
  .meta({ id: 'ChunkDebugProgress' });

export type ChunkDebugResponse = z.infer<typeof chunkDebugResponseSchema>;
export type ChunkDebugProgressView = z.infer<typeof chunkDebugProgressSchema>;
export type ChunkDebugPhase = (typeof CHUNK_DEBUG_PHASES)[number];
