import { z } from 'zod';

export const SOURCE_KINDS = ['rss', 'atom', 'jsonfeed', 'html'] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS).meta({ id: 'SourceKind' });

/** Sources that hold articles but are never collected and whose OCR flag cannot be changed. */
export const PROTECTED_SOURCE_IDENTIFIERS = ['eval', 'manual'] as const;

export const sourceIdParamsSchema = z.object({
  source_id: z.string().min(1).meta({ description: 'Numeric id or identifier (e.g. `manual`)' }),
});

export const sourceRunParamsSchema = sourceIdParamsSchema.extend({ run_id: z.coerce.number().int().positive() });

const timestamp = z.iso.datetime().nullable();

export const sourceHealthSchema = z
  .object({
    status: z.enum(['healthy', 'failing', 'never_checked', 'not_collected']),
    last_checked_at: timestamp,
    last_success_at: timestamp,
    consecutive_failures: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
  })
  .meta({ id: 'SourceHealth' });

export const sourceSchema = z
  .object({
    id: z.number().int().positive(),
    identifier: z.string(),
    name: z.string(),
    url: z.string(),
    kind: sourceKindSchema,
    active: z.boolean(),
    protected: z.boolean().meta({ description: 'eval and manual: never collected, OCR flag fixed' }),
    check_frequency_seconds: z.number().int().positive(),
    lookback_days: z.number().int().nonnegative(),
    min_content_length: z.number().int().nonnegative(),
    image_ocr_enabled: z.boolean().nullable().meta({ description: 'true forces OCR on, false off, null inherits OCR_INGEST_ENABLED' }),
    image_ocr_effective: z.boolean().meta({ description: 'The flag after inheriting OCR_INGEST_ENABLED' }),
    article_count: z.number().int().nonnegative(),
    health: sourceHealthSchema,
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Source' });

export const collectionRunSchema = z
  .object({
    id: z.number().int().positive(),
    source_id: z.number().int().positive(),
    status: z.enum(['running', 'succeeded', 'failed']),
    trigger: z.string().meta({ description: 'scheduled | manual' }),
    started_at: z.iso.datetime(),
    finished_at: timestamp,
    items_found: z.number().int().nonnegative(),
    articles_created: z.number().int().nonnegative(),
    duplicates: z.number().int().nonnegative(),
    failures: z.number().int().nonnegative(),
    not_modified: z.boolean().meta({ description: 'The feed answered 304 to the conditional GET' }),
    error: z.string().nullable(),
    progress: z.object({ processed: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
    items: z
      .array(
        z.object({
          url: z.string(),
          outcome: z.enum(['created', 'duplicate', 'near_duplicate', 'skipped', 'failed']),
          article_id: z.number().int().positive().nullable(),
          reason: z.string().nullable(),
        }),
      )
      .meta({ description: 'Per-item outcomes (first 200)' }),
  })
  .meta({ id: 'CollectionRun' });

export const sourceListResponseSchema = z
  .object({ sources: z.array(sourceSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'SourceList' });

export const sourceDetailResponseSchema = sourceSchema
  .extend({ recent_runs: z.array(collectionRunSchema).meta({ description: 'Newest first, at most 10' }) })
  .meta({ id: 'SourceDetail' });

export const collectResponseSchema = z
  .object({
    run_id: z.number().int().positive(),
    source_id: z.number().int().positive(),
    status: z.literal('running'),
    run_url: z.string().meta({ description: 'Where the run’s progress and outcome are readable' }),
  })
  .meta({ id: 'CollectResponse' });

export const updateImageOcrRequestSchema = z
  .object({ image_ocr_enabled: z.boolean().nullable() })
  .strict()
  .meta({ id: 'UpdateImageOcrRequest' });

export type SourceKindValue = z.infer<typeof sourceKindSchema>;
export type SourceView = z.infer<typeof sourceSchema>;
export type CollectionRunView = z.infer<typeof collectionRunSchema>;
export type SourceDetailResponse = z.infer<typeof sourceDetailResponseSchema>;
export type CollectResponse = z.infer<typeof collectResponseSchema>;
export type UpdateImageOcrRequest = z.infer<typeof updateImageOcrRequestSchema>;
