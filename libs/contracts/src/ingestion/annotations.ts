import { z } from 'zod';

/** Huntability labels feed the junk-filter model and must cover about one chunk of text. */
export const HUNTABILITY_ANNOTATION_TYPES = ['huntable', 'not_huntable'] as const;
/** Observable labels mark a span holding one kind of observable (any length). */
export const OBSERVABLE_ANNOTATION_TYPES = [
  'cmdline',
  'process_lineage',
  'hunt_queries',
  'registry',
  'services',
  'scheduled_tasks',
  'network_indicators',
] as const;
export const ANNOTATION_TYPES = [...HUNTABILITY_ANNOTATION_TYPES, ...OBSERVABLE_ANNOTATION_TYPES] as const;

/** Inclusive bounds of a huntability annotation's selected_text (spec Limits). */
export const HUNTABILITY_ANNOTATION_LENGTH = { min: 950, max: 1050 } as const;

export const createAnnotationRequestSchema = z
  .object({
    annotation_type: z.enum(ANNOTATION_TYPES),
    selected_text: z.string().min(1),
    start_position: z.number().int().nonnegative(),
    end_position: z.number().int().positive(),
  })
  .refine((body) => body.end_position > body.start_position, {
    message: 'end_position must be after start_position',
    path: ['end_position'],
  })
  .meta({ id: 'CreateAnnotationRequest' });

export const annotationSchema = z
  .object({
    id: z.number().int().positive(),
    article_id: z.number().int().positive(),
    annotation_type: z.string(),
    selected_text: z.string(),
    start_position: z.number().int().nonnegative(),
    end_position: z.number().int().positive(),
    used_for_training: z.boolean(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ArticleAnnotation' });

export const annotationListResponseSchema = z
  .object({ article_id: z.number().int().positive(), annotations: z.array(annotationSchema) })
  .meta({ id: 'ArticleAnnotationList' });

export type CreateAnnotationRequest = z.infer<typeof createAnnotationRequestSchema>;
export type AnnotationView = z.infer<typeof annotationSchema>;
