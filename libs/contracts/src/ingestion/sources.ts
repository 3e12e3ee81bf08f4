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

const sourceFields = {
  name: z.string().trim().min(1).max(200),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .meta({ description: 'The feed (rss, atom, jsonfeed) or the page (html) to collect' }),
  kind: sourceKindSchema,
  active: z.boolean().meta({ description: 'false: kept with its articles, never collected' }),
  check_frequency_seconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 86_400),
  lookback_days: z.number().int().min(0).max(3650),
  min_content_length: z.number().int().min(0).max(100_000),
};

/** A new source (admins). Its URL is fetched once first; an unreachable one is refused unless skip_check. */
export const createSourceRequestSchema = z
  .object({
    identifier: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'lower-case letters, digits, . _ - (max 100)'),
    ...sourceFields,
    active: sourceFields.active.default(true),
    check_frequency_seconds: sourceFields.check_frequency_seconds.default(1800),
    lookback_days: sourceFields.lookback_days.default(180),
    min_content_length: sourceFields.min_content_length.default(200),
    skip_check: z.boolean().default(false).meta({ description: 'Store it without fetching the URL first (default false)' }),
  })
  .strict()
  .meta({ id: 'CreateSourceRequest' });

/** A change to a source (admins): only the fields given change; a new URL is checked like a new source's. */
export const updateSourceRequestSchema = z
  .object({
    name: sourceFields.name.optional(),
    url: sourceFields.url.optional(),
    kind: sourceFields.kind.optional(),
    active: sourceFields.active.optional(),
    check_frequency_seconds: sourceFields.check_frequency_seconds.optional(),
    lookback_days: sourceFields.lookback_days.optional(),
    min_content_length: sourceFields.min_content_length.optional(),
    skip_check: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'UpdateSourceRequest' });

/** What the connectivity check of a source's URL found. */
export const sourceCheckSchema = z
  .object({
    ok: z.boolean(),
    status: z.number().int().nullable().meta({ description: 'HTTP status, null when no answer came' }),
    content_type: z.string().nullable(),
    items: z.number().int().nullable().meta({ description: 'Entries found in a feed (null for html, or when not parsed)' }),
    reason: z.string().nullable().meta({ description: 'Why it failed, safe to show' }),
  })
  .meta({ id: 'SourceCheck' });

export const sourceWriteResponseSchema = sourceSchema.extend({ check: sourceCheckSchema.nullable() }).meta({ id: 'SourceWriteResponse' });

export type SourceKindValue = z.infer<typeof sourceKindSchema>;
export type CreateSourceRequest = z.infer<typeof createSourceRequestSchema>;
export type UpdateSourceRequest = z.infer<typeof updateSourceRequestSchema>;
export type SourceCheck = z.infer<typeof sourceCheckSchema>;
export type SourceView = z.infer<typeof sourceSchema>;
export type CollectionRunView = z.infer<typeof collectionRunSchema>;
export type SourceDetailResponse = z.infer<typeof sourceDetailResponseSchema>;
export type CollectResponse = z.infer<typeof collectResponseSchema>;
export type UpdateImageOcrRequest = z.infer<typeof updateImageOcrRequestSchema>;
