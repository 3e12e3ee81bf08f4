import { z } from 'zod';

/** A detection item of a reference rule that was true for an observable's event: why the rule fired. */
const matchedItemSchema = z.object({
  selection: z.string(),
  field: z.string().nullable(),
  modifiers: z.array(z.string()),
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).meta({
    description: 'The values of its list that matched (all of them under |all)',
  }),
});

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
    matched: z
      .array(matchedItemSchema)
      .optional()
      .meta({ description: 'The detection items that were true for the observable, from the selections that made the condition true' }),
    status: z.string().nullable().optional(),
    tags: z.array(z.string()).optional(),
  })
  .meta({ id: 'CoveringRule' });

export type CoveringRule = z.infer<typeof coveringRuleSchema>;
