import { z } from 'zod';

/** Every bus message travels in this envelope; consumers are idempotent by `id`. */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.string().datetime({ offset: true }),
  payload: z.unknown(),
});

export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: T };
