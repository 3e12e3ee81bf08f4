import type { PrismaClient, ScheduledJobConfig } from '../generated/prisma/client';
import type { AuditEventInput, ScheduledJobConfigRecord, ScheduledJobConfigRepository } from '../ports';
import { insertAuditEvent } from './audit-repository';

function toRecord(row: ScheduledJobConfig): ScheduledJobConfigRecord {
  return { jobId: row.jobId, enabled: row.enabled, cron: row.cron, updatedAt: row.updatedAt };
}

export class PrismaScheduledJobConfigRepository implements ScheduledJobConfigRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async list(): Promise<ScheduledJobConfigRecord[]> {
    const rows = await this.prisma.scheduledJobConfig.findMany({ orderBy: { jobId: 'asc' } });
    return rows.map(toRecord);
  }

  /** The spec requires the config change and its audit event to commit together or not at all. */
  async saveWithAudit(
    jobs: Array<Omit<ScheduledJobConfigRecord, 'updatedAt'>>,
    audit: AuditEventInput,
  ): Promise<ScheduledJobConfigRecord[]> {
    return this.prisma.$transaction(async (tx) => {
      const saved: ScheduledJobConfigRecord[] = [];
      for (const job of jobs) {
        const row = await tx.scheduledJobConfig.upsert({
          where: { jobId: job.jobId },
          create: { jobId: job.jobId, enabled: job.enabled, cron: job.cron },
          update: { enabled: job.enabled, cron: job.cron },
        });
        saved.push(toRecord(row));
      }
      await insertAuditEvent(tx, audit);
      return saved;
    });
  }
}
