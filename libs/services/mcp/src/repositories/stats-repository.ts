import { Prisma, type PrismaClient } from '@huntforge/data';
import { READ_ONLY_TABLES } from '../sql/table-allowlist';

/** Counts for get_stats and the catalogue reads of list_tables / describe_table (allowlisted tables only). */
export class StatsRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async counts() {
    const weekAgo = new Date(Date.now() - 7 * 24 * 3_600_000);
    const [articles, embedded, recent, sources, activeSources, executions, queue, references, current] = await Promise.all([
      this.prisma.article.count(),
      this.prisma.$queryRaw<Array<{ count: number }>>(Prisma.sql`SELECT count(*)::int AS count FROM articles WHERE embedding IS NOT NULL`),
      this.prisma.article.count({ where: { collectedAt: { gte: weekAgo } } }),
      this.prisma.source.count(),
      this.prisma.source.count({ where: { active: true } }),
      this.prisma.workflowExecution.groupBy({ by: ['status'], _count: { _all: true } }),
      this.prisma.sigmaQueueItem.groupBy({ by: ['status'], _count: { _all: true } }),
      this.prisma.sigmaReferenceRule.count(),
      this.prisma.modelVersion.findFirst({ where: { isCurrent: true }, select: { version: true } }),
    ]);
    return {
      articles: { total: articles, embedded: embedded[0]?.count ?? 0, collected_last_7_days: recent },
      sources: { total: sources, active: activeSources },
      executions: Object.fromEntries(executions.map((row) => [row.status, row._count._all])),
      sigma_queue: Object.fromEntries(queue.map((row) => [row.status, row._count._all])),
      sigma_reference_rules: references,
      current_model_version: current?.version ?? null,
    };
  }

  /** The planner's row estimates (reltuples; -1 before the first ANALYZE is reported as null). */
  async estimatedRows(): Promise<Map<string, number | null>> {
    const rows = await this.prisma.$queryRaw<Array<{ name: string; estimate: number }>>(Prisma.sql`
      SELECT c.relname AS name, c.reltuples::float8 AS estimate
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname IN (${Prisma.join(Object.keys(READ_ONLY_TABLES))})`);
    return new Map(rows.map((row) => [row.name, row.estimate < 0 ? null : Math.round(row.estimate)]));
  }

  columns(table: string) {
    return this.prisma.$queryRaw<Array<{ name: string; type: string; nullable: boolean; default: string | null }>>(Prisma.sql`
      SELECT column_name::text AS name,
             CASE WHEN data_type = 'USER-DEFINED' OR data_type = 'ARRAY' THEN udt_name::text ELSE data_type::text END AS type,
             is_nullable = 'YES' AS nullable,
             column_default::text AS "default"
      FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}
      ORDER BY ordinal_position`);
  }
}
