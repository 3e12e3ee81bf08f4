import { poolStatsOf, type Db, type PoolStats } from '@huntforge/data';
import type { AppMetrics } from './app-metrics';

/**
 * Connection-pool gauges read at scrape time, where the driver has a pool (PostgreSQL through pg).
 * PGlite is one in-process connection: nothing to report, so nothing is registered.
 */
export function registerDbPoolMetrics(metrics: AppMetrics, db: Db): void {
  if (poolStatsOf(db) === null) return;
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number): void =>
    metrics.gaugeAtScrape({
      name,
      help,
      labelNames: [],
      collect: () => {
        const stats = poolStatsOf(db);
        return stats ? [{ labels: {}, value: read(stats) }] : [];
      },
    });
  gauge('huntforge_db_pool_connections', 'Connections the database pool holds open, idle or in use.', (stats) => stats.total);
  gauge('huntforge_db_pool_idle_connections', 'Idle connections in the database pool.', (stats) => stats.idle);
  gauge(
    'huntforge_db_pool_waiting_requests',
    'Callers waiting for a database connection because every one is in use.',
    (stats) => stats.waiting,
  );
}
