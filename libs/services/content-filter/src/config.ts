import { z } from 'zod';
import { CHUNK_DEBUG_MAX_CHUNKS_DEFAULT } from '@huntforge/contracts/content-filter';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const contentFilterEnvSchema = z.object({
  /** Most chunks one chunk-debug pass analyses; the response says chunk_limit_applied when cut. */
  CHUNK_DEBUG_MAX_CHUNKS: positiveInt(CHUNK_DEBUG_MAX_CHUNKS_DEFAULT),
  /** Where this replica keeps its local artifact copies: cache, staging, secondary copies (default DATA_DIR/content-filter). The database holds the shared ones. */
  CONTENT_FILTER_ARTIFACTS_DIR: z.string().trim().min(1).optional(),
  /** Folder holding seed/ and eval/ (default: fixtures/content-filter found from the working directory). */
  CONTENT_FILTER_FIXTURES_DIR: z.string().trim().min(1).optional(),
  /** Training seed: the same data and seed give the same model. */
  CONTENT_FILTER_TRAIN_SEED: z.coerce.number().int().nonnegative().default(42),
  DATA_DIR: z.string().trim().min(1).optional(),
});

export interface ContentFilterConfig {
  chunkDebugMaxChunks: number;
  artifactsDir?: string;
  fixturesDir?: string;
  trainSeed: number;
  dataDir?: string;
}

export class ContentFilterConfigError extends Error {
  constructor(problems: string[]) {
    super(`content-filter configuration: ${problems.join('; ')}`);
    this.name = 'ContentFilterConfigError';
  }
}

/** The content-filter's own environment variables, validated (all problems reported at once). */
export function loadContentFilterConfig(env: Record<string, string | undefined> = process.env): ContentFilterConfig {
  const parsed = contentFilterEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ContentFilterConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`));
  }
  const value = parsed.data;
  return {
    chunkDebugMaxChunks: value.CHUNK_DEBUG_MAX_CHUNKS,
    artifactsDir: value.CONTENT_FILTER_ARTIFACTS_DIR,
    fixturesDir: value.CONTENT_FILTER_FIXTURES_DIR,
    trainSeed: value.CONTENT_FILTER_TRAIN_SEED,
    dataDir: value.DATA_DIR,
  };
}
