import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';
import { contentFilterTextSchema, junkFilterThresholdSchema } from './common';

export const DETECTED_OS_VALUES = ['windows', 'linux', 'macos', 'cross-platform', 'unknown'] as const;
export const OS_CONFIDENCE_VALUES = ['high', 'medium', 'low'] as const;
/** The method every answer carries: the junk filter picks the chunks, the platform registry scores them. */
export const DETECT_OS_METHOD = 'content_filter+platform_registry';

export const detectOsBodySchema = z.object({ threshold: junkFilterThresholdSchema.optional() }).strict().meta({ id: 'DetectOsBody' });

/** Bus request `content-filter.detect-os`; `text` is the article content the caller already read (else it is loaded). */
export const detectOsRequestSchema = z
  .object({
    article_id: z.number().int().positive(),
    text: contentFilterTextSchema.optional(),
    threshold: junkFilterThresholdSchema.optional(),
  })
  .meta({ id: 'DetectOsRequest' });

export const platformEvidenceSchema = z
  .object({
    platform: z
      .enum(['windows', 'linux', 'macos', 'cloud'])
      .meta({ description: 'The OS the term points at, or cloud: a cloud/SaaS control plane (no endpoint OS)' }),
    term: z.string(),
    count: z.number().int().positive(),
    weight: z.number(),
  })
  .meta({ id: 'PlatformEvidence' });

export const detectOsResultSchema = z
  .object({
    article_id: z.number().int().positive(),
    os: z.enum(DETECTED_OS_VALUES),
    confidence: z.enum(OS_CONFIDENCE_VALUES),
    method: z.literal(DETECT_OS_METHOD),
    evidence: z.array(platformEvidenceSchema),
    scores: z.object({
      windows: z.number(),
      linux: z.number(),
      macos: z.number(),
      cloud: z.number().optional().meta({
        description:
          'Cloud/SaaS control-plane terms; outweighing every OS they make the article cross-platform (absent in answers recorded before it was scored)',
      }),
    }),
    threshold: junkFilterThresholdSchema,
    kept_chunks: z.number().int().nonnegative(),
    total_chunks: z.number().int().nonnegative(),
    model_version: z.number().int().positive(),
  })
  .meta({ id: 'DetectOsResult' });

export const detectOsResponseSchema = z.union([detectOsResultSchema, busReplyErrorSchema]);

export type DetectOsBody = z.infer<typeof detectOsBodySchema>;
export type DetectOsRequest = z.infer<typeof detectOsRequestSchema>;
export type DetectOsResult = z.infer<typeof detectOsResultSchema>;
export type DetectOsResponse = z.infer<typeof detectOsResponseSchema>;
