import { z } from 'zod';
import { pipelineEnvSchema } from './executions-part';
import { executionEnvSchema } from './executions/execution-config';
import { workflowServiceEnvSchema } from './service-config';

/** Every variable the workflow service reads, checked at start-up before migrations. */
export const WORKFLOW_ENV = [
  workflowServiceEnvSchema,
  executionEnvSchema,
  pipelineEnvSchema,
  z.object({
    /** The canonical evaluation set (default config/eval_articles.yaml). */
    EVAL_ARTICLES_FILE: z.string().trim().min(1).optional(),
  }),
] as const;
