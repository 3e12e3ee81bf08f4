import { sqlDriverOf, type Db } from './db';
import type { PoolStats } from './drivers/sql-session';

export type { PoolStats };

/**
 * The connection pool's counts behind `db`, for metrics read at scrape time; null for PGlite (no pool)
 * and for a Db not made by createDb (a test double or wrapper has no driver to ask).
 */
export function poolStatsOf(db: Db): PoolStats | null {
  try {
    return sqlDriverOf(db).poolStats?.() ?? null;
  } catch {
    return null;
  }
}
