import { createHash } from 'node:crypto';
import type { PrismaClient } from '@huntforge/data';
import type { RateLimitStore, WindowCount } from '../rate-limit/rate-limit-store';

const MAX_PLAIN_KEY = 200;

/** Keys carry client addresses of bounded but untrusted length; long ones keep a readable head and a hash. */
function storedKey(key: string): string {
  return key.length <= MAX_PLAIN_KEY ? key : `${key.slice(0, 100)}#${createHash('sha256').update(key).digest('hex')}`;
}

/**
 * Rate-limit counts in rate_limit_buckets, shared by every gateway replica. Each write is a single
 * INSERT … ON CONFLICT statement, so concurrent requests on any replica never lose a count. A replica
 * whose clock runs behind counts into the newer window another replica already opened.
 */
export class RateLimitBucketRepository implements RateLimitStore {
  constructor(private readonly prisma: PrismaClient) {}

  async countHit(key: string, windowStartMs: number, windowMs: number): Promise<WindowCount> {
    const expiresAtMs = windowStartMs + windowMs;
    const rows = await this.prisma.$queryRaw<Array<{ hits: number; window_start: bigint | number }>>`
      INSERT INTO rate_limit_buckets (key, window_start, hits, expires_at)
      VALUES (${storedKey(key)}, ${windowStartMs}::bigint, 1, to_timestamp(${expiresAtMs}::double precision / 1000))
      ON CONFLICT (key) DO UPDATE
        SET hits = CASE WHEN EXCLUDED.window_start > rate_limit_buckets.window_start THEN 1 ELSE rate_limit_buckets.hits + 1 END,
            window_start = GREATEST(rate_limit_buckets.window_start, EXCLUDED.window_start),
            expires_at = GREATEST(rate_limit_buckets.expires_at, EXCLUDED.expires_at)
      RETURNING hits, window_start`;
    const row = rows[0];
    if (!row) throw new Error('rate_limit_buckets: the upsert returned no row');
    return { hits: Number(row.hits), windowStartMs: Number(row.window_start) };
  }

  async recentEvents(key: string, sinceMs: number): Promise<number[]> {
    const rows = await this.prisma.$queryRaw<Array<{ at: number }>>`
      SELECT at::double precision AS at
      FROM rate_limit_buckets, unnest(hit_times) AS at
      WHERE key = ${storedKey(key)} AND at > ${sinceMs}::bigint
      ORDER BY at`;
    return rows.map((row) => Number(row.at));
  }

  async recordEvent(key: string, atMs: number, options: { sinceMs: number; keep: number; expiresAtMs: number }): Promise<void> {
    await this.prisma.$executeRaw`
      INSERT INTO rate_limit_buckets (key, hit_times, expires_at)
      VALUES (${storedKey(key)}, ARRAY[${atMs}::bigint], to_timestamp(${options.expiresAtMs}::double precision / 1000))
      ON CONFLICT (key) DO UPDATE
        SET hit_times = ARRAY(
              SELECT at FROM (
                SELECT at FROM unnest(rate_limit_buckets.hit_times || EXCLUDED.hit_times) AS at
                WHERE at > ${options.sinceMs}::bigint
                ORDER BY at DESC
                LIMIT ${options.keep}::integer
              ) AS newest
              ORDER BY at),
            expires_at = EXCLUDED.expires_at`;
  }

  async forget(key: string): Promise<void> {
    await this.prisma.rateLimitBucket.deleteMany({ where: { key: storedKey(key) } });
  }

  async prune(nowMs: number): Promise<void> {
    await this.prisma.rateLimitBucket.deleteMany({ where: { expiresAt: { lt: new Date(nowMs) } } });
  }
}
