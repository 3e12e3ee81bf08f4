import { z } from 'zod';
import { sigmaQueueEnvSchema } from './config';

/** Every variable the sigma-queue service reads, checked at start-up before migrations. */
export const SIGMA_QUEUE_ENV = [
  sigmaQueueEnvSchema,
  z.object({
    /** The codex executable for enrichment with the Codex subscription (`codex` on PATH when unset). */
    CODEX_PATH: z.string().trim().min(1).optional(),
  }),
] as const;
