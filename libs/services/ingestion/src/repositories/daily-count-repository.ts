import type { PrismaClient } from '@huntforge/data';

export interface DayCount {
  /** The UTC day, `YYYY-MM-DD`. */
  date: string;
  articles: number;
}

/** Articles per UTC day of `collected_at` (the `(collected_at, id)` index serves the range). */
export class DailyCountRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Days in [from, until) that have articles, leaving out the articles of `excludeSource` (an identifier). */
  async collectedPerDay(from: Date, until: Date, excludeSource: string): Promise<DayCount[]> {
    const rows = await this.prisma.$queryRaw<Array<{ day: string; articles: number }>>`
      SELECT to_char(a.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS articles
      FROM articles a
      JOIN sources s ON s.id = a.source_id
      WHERE a.collected_at >= ${from} AND a.collected_at < ${until} AND s.identifier <> ${excludeSource}
      GROUP BY 1`;
    return rows.map((row) => ({ date: row.day, articles: Number(row.articles) }));
  }
}
