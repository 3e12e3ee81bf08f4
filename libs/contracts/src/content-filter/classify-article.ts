import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';
import { classifyResultSchema } from './classification';
import { contentFilterTextSchema, junkFilterThresholdSchema } from './common';
import { detectOsResultSchema } from './detect-os';

/**
 * Bus request `content-filter.classify-article`. `text` is the article content the caller already read (the
 * workflow's copy for the run, so the decisions match the text it works on); without it the stored content
 * is loaded. The decisions are stored as the article's chunk analyses, as `content-filter.classify` does.
 */
export const classifyArticleRequestSchema = z
  .object({
    article_id: z.number().int().positive(),
    text: contentFilterTextSchema.optional(),
    threshold: junkFilterThresholdSchema.optional(),
    /** How many top features to return per chunk (default 0: the pipeline needs the decisions, not their explanations). */
    top_features: z.number().int().min(0).max(20).optional(),
  })
  .meta({ id: 'ClassifyArticleRequest' });

export const classifyArticleResultSchema = z
  .object({
    classification: classifyResultSchema,
    /** The platform over the kept chunks; null when no chunk is kept (what detect-os answers as `no_huntable_content`). */
    platform: detectOsResultSchema.nullable(),
  })
  .meta({ id: 'ClassifyArticleResult' });

export const classifyArticleResponseSchema = z.union([classifyArticleResultSchema, busReplyErrorSchema]);

export type ClassifyArticleRequest = z.infer<typeof classifyArticleRequestSchema>;
export type ClassifyArticleResult = z.infer<typeof classifyArticleResultSchema>;
export type ClassifyArticleResponse = z.infer<typeof classifyArticleResponseSchema>;
