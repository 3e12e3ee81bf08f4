import type { PrismaClient } from '../generated/prisma/client';
import type { JobLockRepository } from '../ports';

/**
 * Leases in the job_locks table, timed by the database clock so replicas with skewed clocks agree
 * on expiry. One statement takes a free or expired lease, renews our own, or changes nothing.
 */
export class PrismaJobLockRepository implements JobLockRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
    const rows = await this.prisma.$queryRaw<Array<{ holder: string }>>`
      INSERT INTO job_locks (name, holder, acquired_at, expires_at)
      VALUES (${name}, ${holder}, clock_timestamp(), clock_timestamp() + ${ttlMs}::double precision * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE
        SET holder = EXCLUDED.holder,
            acquired_at = CASE WHEN job_locks.holder = EXCLUDED.holder THEN job_locks.acquired_at ELSE EXCLUDED.acquired_at END,
            expires_at = EXCLUDED.expires_at
        WHERE job_locks.holder = EXCLUDED.holder OR job_locks.expires_at <= clock_timestamp()
      RETURNING holder`;
    return rows.length === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.prisma.jobLock.deleteMany({ where: { name, holder } });
  }
}
