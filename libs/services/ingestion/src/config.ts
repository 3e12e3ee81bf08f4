import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** The ingestion service's own environment (runtime-overridable settings go through ctx.settings). */
export const ingestionEnvSchema = z.object({
  SOURCES_FILE: z.string().trim().min(1).optional(),
  /** Opens loopback and private ranges to outbound fetches (tests, development); never link-local or metadata. */
  INGEST_ALLOW_PRIVATE_NETWORKS: bool,
  INGEST_FETCH_TIMEOUT_MS: int(20_000, 100),
  INGEST_MAX_BODY_BYTES: int(5 * 1024 * 1024, 1024),
  /** Pause between two requests to the same host. */
  INGEST_HOST_DELAY_MS: int(1_000),
  INGEST_USER_AGENT: z.string().trim().min(1).default('Huntforge/0.1 (+CTI collector)'),
  /** Sources collected at once by check_all_sources. */
  INGEST_SOURCE_CONCURRENCY: int(4, 1),
  /** Articles collected before this many days are removed by cleanup_old_data (0 keeps them forever). */
  ARTICLE_RETENTION_DAYS: int(365),
  COLLECTION_RUN_RETENTION_DAYS: int(30, 1),
  /** builtin (default) | openai | ollama (provider_a / provider_local accepted). */
  EMBEDDING_PROVIDER: z.string().trim().optional(),
  EMBEDDING_MODEL: z.string().trim().min(1).optional(),
  OCR_MAX_IMAGES_PER_ARTICLE: int(5),
  OCR_TIMEOUT_MS: int(30_000, 100),
  TESSERACT_PATH: z.string().trim().min(1).default('tesseract'),
});

export type IngestionConfig = z.infer<typeof ingestionEnvSchema> & { sourcesFile: string };

export class IngestionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestionConfigError';
  }
}

export function loadIngestionConfig(env: Record<string, string | undefined> = process.env, defaultSourcesFile: string): IngestionConfig {
  const result = ingestionEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new IngestionConfigError(`invalid ingestion configuration: ${problems}`);
  }
  return { ...result.data, sourcesFile: result.data.SOURCES_FILE ?? defaultSourcesFile };
}
