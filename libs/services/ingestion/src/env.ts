import { z } from 'zod';
import { ingestionEnvSchema } from './config';

/** Every variable the ingestion service reads, checked at start-up before migrations. */
export const INGESTION_ENV = [
  ingestionEnvSchema,
  z.object({
    /** The evaluation set seeded under the protected `eval` source (default config/eval_articles.yaml). */
    EVAL_ARTICLES_FILE: z.string().trim().min(1).optional(),
  }),
] as const;
