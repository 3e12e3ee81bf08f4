import type { PrismaClient, ScheduledJobRun } from '../generated/prisma/client';
import type { JobOutcome, JobRunRecord, JobRunRepository } from '../ports';
import { toNullableJsonValue } from './json';

function toRecord(row: ScheduledJobRun): JobRunRecord {
  return {
    id: row.id,
    jobId: row.jobId,
    holder: row.holder,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    outcome: row.outcome,
    detail: row.detail,
  };
}

export class PrismaJobRunRepository implements JobRunRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async start(jobId: string, holder: string): Promise<JobRunRecord> {
    return toRecord(await this.prisma.scheduledJobRun.create({ data: { jobId, holder, outcome: 'running' } }));
  }

  async finish(id: number, outcome: JobOutcome, detail?: unknown): Promise<JobRunRecord> {
    const row = await this.prisma.scheduledJobRun.update({
      where: { id },
      data: { outcome, finishedAt: new Date(), detail: toNullableJsonValue(detail) },
    });
    return toRecord(row);
  }

  async recent(jobId: string, limit: number): Promise<JobRunRecord[]> {
    const rows = await this.prisma.scheduledJobRun.findMany({
      where: { jobId },
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map(toRecord);
  }
}
