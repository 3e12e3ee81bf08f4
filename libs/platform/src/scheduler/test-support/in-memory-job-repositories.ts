import type {
  JobLockRepository,
  JobOutcome,
  JobRunRecord,
  JobRunRepository,
  ScheduledJobConfigRecord,
  ScheduledJobConfigRepository,
} from '@huntforge/data';

/**
 * Test doubles of our own data ports for scheduler logic tests: leases with expiry, run records,
 * configuration rows. The real repositories are exercised in scheduler.pglite.spec.ts.
 */
export class InMemoryJobLocks implements JobLockRepository {
  private readonly leases = new Map<string, { holder: string; expiresAt: number }>();

  async tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const lease = this.leases.get(name);
    if (lease && lease.holder !== holder && lease.expiresAt > Date.now()) return false;
    this.leases.set(name, { holder, expiresAt: Date.now() + ttlMs });
    return true;
  }

  async release(name: string, holder: string): Promise<void> {
    if (this.leases.get(name)?.holder === holder) this.leases.delete(name);
  }

  holderOf(name: string): string | null {
    const lease = this.leases.get(name);
    return lease && lease.expiresAt > Date.now() ? lease.holder : null;
  }
}

export class InMemoryJobRuns implements JobRunRepository {
  readonly records: JobRunRecord[] = [];

  async start(jobId: string, holder: string): Promise<JobRunRecord> {
    const record: JobRunRecord = {
      id: this.records.length + 1,
      jobId,
      holder,
      startedAt: new Date(),
      finishedAt: null,
      outcome: 'running',
      detail: null,
    };
    this.records.push(record);
    return { ...record };
  }

  async finish(id: number, outcome: JobOutcome, detail?: unknown): Promise<JobRunRecord> {
    const record = this.records[id - 1];
    Object.assign(record, { outcome, detail: detail ?? null, finishedAt: new Date() });
    return { ...record };
  }

  async recent(jobId: string, limit: number): Promise<JobRunRecord[]> {
    return this.records
      .filter((record) => record.jobId === jobId)
      .reverse()
      .slice(0, limit);
  }
}

export class InMemoryJobConfigs implements ScheduledJobConfigRepository {
  rows: ScheduledJobConfigRecord[] = [];

  async list(): Promise<ScheduledJobConfigRecord[]> {
    return this.rows.map((row) => ({ ...row }));
  }

  async saveWithAudit(jobs: Array<Omit<ScheduledJobConfigRecord, 'updatedAt'>>): Promise<ScheduledJobConfigRecord[]> {
    for (const job of jobs) {
      this.rows = [...this.rows.filter((row) => row.jobId !== job.jobId), { ...job, updatedAt: new Date() }];
    }
    return this.list();
  }
}
