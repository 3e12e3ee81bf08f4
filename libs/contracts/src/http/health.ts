import { z } from 'zod';

export const healthStatusSchema = z.enum(['up', 'down', 'degraded']).meta({ id: 'HealthStatus' });

export const componentHealthSchema = z
  .object({
    status: healthStatusSchema,
    latency_ms: z.number().nonnegative().optional().meta({ description: 'How long the check took' }),
    detail: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ComponentHealth' });

/** Body of /health and every /api/health/* route; the overall status is the worst component's. */
export const healthResponseSchema = z
  .object({
    status: healthStatusSchema,
    checked_at: z.iso.datetime(),
    components: z.record(z.string(), componentHealthSchema),
  })
  .meta({ id: 'HealthResponse' });

/** /api/health/celery: the background workers (competing consumers of the workflow execution queue). */
export const workerHealthResponseSchema = z
  .object({
    status: healthStatusSchema,
    checked_at: z.iso.datetime(),
    queue: z.string(),
    consumers: z.number().int().nonnegative(),
    queue_depth: z.number().int().nonnegative().meta({ description: 'Messages waiting to be consumed' }),
    dead_lettered: z.number().int().nonnegative().meta({ description: 'Messages that exhausted their retries' }),
  })
  .meta({ id: 'WorkerHealthResponse' });

export type HealthStatus = z.infer<typeof healthStatusSchema>;
export type ComponentHealthBody = z.infer<typeof componentHealthSchema>;
export type HealthResponse = z.infer<typeof healthResponseSchema>;
export type WorkerHealthResponse = z.infer<typeof workerHealthResponseSchema>;
