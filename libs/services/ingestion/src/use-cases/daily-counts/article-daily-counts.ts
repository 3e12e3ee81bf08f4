import type { ingestionRoutes, RouteResponse } from '@huntforge/contracts/api';
import type { DailyCountRepository } from '../../repositories/daily-count-repository';

export interface DailyCountsDeps {
  dailyCounts: Pick<DailyCountRepository, 'collectedPerDay'>;
  now(): Date;
}

export interface DailyCountsCommand {
  /** How many UTC days, today last. */
  days: number;
}

/** The seeded evaluation snapshots were stored, not collected: they would show as a spike on the day of the seeding. */
const NOT_COLLECTED_SOURCE = 'eval';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days, today last, each with the articles collected that day (0 when none). */
export async function articleDailyCounts(
  deps: DailyCountsDeps,
  { days }: DailyCountsCommand,
): Promise<RouteResponse<typeof ingestionRoutes.getArticlesDailyCounts>> {
  const now = deps.now();
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const first = tomorrow - days * DAY_MS;
  const found = new Map(
    (await deps.dailyCounts.collectedPerDay(new Date(first), new Date(tomorrow), NOT_COLLECTED_SOURCE)).map((day) => [
      day.date,
      day.articles,
    ]),
  );
  const counts = Array.from({ length: days }, (_, index) => {
    const date = new Date(first + index * DAY_MS).toISOString().slice(0, 10);
    return { date, articles: found.get(date) ?? 0 };
  });
  return { days, total: counts.reduce((sum, day) => sum + day.articles, 0), counts };
}
