import { z } from 'zod';

export const DAILY_COUNT_DAYS = { defaultDays: 30, maxDays: 365 } as const;

export const articleDailyCountsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(DAILY_COUNT_DAYS.maxDays)
    .default(DAILY_COUNT_DAYS.defaultDays)
    .meta({ description: `How many UTC days, today included (1–${DAILY_COUNT_DAYS.maxDays})` }),
});

export const articleDailyCountsResponseSchema = z
  .object({
    days: z.number().int().positive(),
    total: z.number().int().nonnegative().meta({ description: 'Articles collected over the whole window' }),
    counts: z
      .array(z.object({ date: z.iso.date(), articles: z.number().int().nonnegative() }))
      .meta({ description: 'One entry per UTC day, oldest first and today last; days without articles count 0' }),
  })
  .meta({ id: 'ArticleDailyCounts' });

export type ArticleDailyCountsResponse = z.infer<typeof articleDailyCountsResponseSchema>;
