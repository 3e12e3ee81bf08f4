import { z } from 'zod';

const timestamp = z.string().meta({ description: 'ISO 8601' });

/** Standard base64 (padding optional), as browsers' FileReader and Node's Buffer write it. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const uploadTelemetryDatasetRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(200).meta({ description: 'A name to know it by (usually the file name)' }),
    content_base64: z.string().min(1).regex(BASE64, 'must be base64').meta({
      description:
        'The file, base64-encoded: JSON Lines, a JSON document (CloudTrail {"Records": [...]}), EVTX, event XML or syslog, gzipped or not',
    }),
  })
  .meta({ id: 'UploadTelemetryDatasetRequest' });

/** For a raw upload (the file as the body): its name travels in the query. */
export const uploadTelemetryDatasetQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'The file name, needed when the body is the file itself (application/octet-stream or application/gzip)' }),
});

/** A raw upload's body: the file's bytes. */
export const telemetryFileBodySchema = z.string().meta({
  format: 'binary',
  description:
    'The file itself (JSON Lines, CloudTrail JSON, EVTX, event XML or syslog), gzipped or not; up to TELEMETRY_DATASET_MAX_BYTES',
});

export const telemetryDatasetSchema = z
  .object({
    dataset_id: z.number().int(),
    name: z.string(),
    container: z.string().meta({ description: 'What the reader found: evtx, jsonl, json, xml or syslog, with +gzip when compressed' }),
    events: z.number().int().meta({ description: 'Events read on upload' }),
    size: z.number().int().meta({ description: 'Bytes as uploaded' }),
    sha256: z.string(),
    problems: z.array(z.string()).meta({ description: 'Damage skipped on upload (EVTX chunks or records, syslog lines without an event)' }),
    uploaded_by: z.string().nullable(),
    created_at: timestamp,
    expires_at: timestamp.meta({ description: 'Deleted after this (TELEMETRY_DATASET_RETENTION_DAYS)' }),
  })
  .meta({ id: 'TelemetryDataset' });

export const telemetryDatasetListResponseSchema = z
  .object({
    items: z.array(telemetryDatasetSchema),
    max_bytes: z.number().int().meta({ description: 'The largest file accepted (TELEMETRY_DATASET_MAX_BYTES)' }),
    retention_days: z.number().int(),
  })
  .meta({ id: 'TelemetryDatasetList' });

export const telemetryDatasetIdParamsSchema = z.object({ dataset_id: z.coerce.number().int().positive() });

export const backtestRequestSchema = z
  .object({
    dataset_ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(10)
      .refine((ids) => new Set(ids).size === ids.length, 'each dataset once')
      .meta({ description: 'Datasets to run the rule over, answered in this order' }),
    max_examples: z.number().int().min(0).max(20).default(5).meta({ description: 'Matching events shown per dataset' }),
  })
  .meta({ id: 'BacktestRequest' });

export const backtestMatchSchema = z.object({
  index: z.number().int().meta({ description: '0-based event number in the dataset' }),
  time: z.string().nullable(),
  computer: z.string().nullable(),
  event: z.record(z.string(), z.unknown()).meta({ description: 'The event as the rule saw it (long values shortened)' }),
});

export const backtestDatasetResultSchema = z.object({
  dataset_id: z.number().int(),
  name: z.string(),
  events: z.number().int(),
  matches: z.number().int().meta({ description: 'Events the rule matched' }),
  first_matches: z.array(backtestMatchSchema),
  problems: z.array(z.string()),
  complete: z.boolean().meta({
    description: 'false when the run stopped at BACKTEST_MAX_EVENTS or BACKTEST_MAX_SECONDS: events and matches then count what was read',
  }),
});

export const backtestResponseSchema = z
  .object({
    queue_id: z.number().int(),
    title: z.string(),
    datasets: z.array(backtestDatasetResultSchema),
  })
  .meta({ id: 'BacktestResult' });

export type UploadTelemetryDatasetRequest = z.infer<typeof uploadTelemetryDatasetRequestSchema>;
export type TelemetryDatasetBody = z.infer<typeof telemetryDatasetSchema>;
export type TelemetryDatasetListResponse = z.infer<typeof telemetryDatasetListResponseSchema>;
export type BacktestRequest = z.infer<typeof backtestRequestSchema>;
export type BacktestResponse = z.infer<typeof backtestResponseSchema>;
export type BacktestDatasetResult = z.infer<typeof backtestDatasetResultSchema>;
