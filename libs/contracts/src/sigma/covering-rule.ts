import { z } from 'zod';

/** A reference rule that fires on an observable's telemetry, with its DRL 1.1 attribution. */
export const coveringRuleSchema = z
  .object({
    rule_id: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    license: z.string().nullable(),
    origin: z.string().meta({ description: 'sigmahq or customer' }),
    path: z.string().nullable(),
    level: z.string().nullable(),
  })
  .meta({ id: 'CoveringRule' });

export type CoveringRule = z.infer<typeof coveringRuleSchema>;
