import type { AuditEvent, Prisma, PrismaClient } from '../generated/prisma/client';
import type { AuditEventInput, AuditRecord, AuditRepository } from '../ports';
import { toJsonValue } from './json';

const DEFAULT_LIST_LIMIT = 100;

export function toAuditRecord(row: AuditEvent): AuditRecord {
  return { id: row.id, type: row.type, actor: row.actor, payload: row.payload, createdAt: row.createdAt };
}

/** Inserts one audit event with `client`, which may be a transaction. */
export async function insertAuditEvent(client: Prisma.TransactionClient, event: AuditEventInput): Promise<AuditRecord> {
  const row = await client.auditEvent.create({
    data: { type: event.type, actor: event.actor, payload: toJsonValue(event.payload) },
  });
  return toAuditRecord(row);
}

export class PrismaAuditRepository implements AuditRepository {
  constructor(private readonly prisma: PrismaClient) {}

  record(event: AuditEventInput): Promise<AuditRecord> {
    return insertAuditEvent(this.prisma, event);
  }

  async list(filter: { type?: string; limit?: number }): Promise<AuditRecord[]> {
    const rows = await this.prisma.auditEvent.findMany({
      where: filter.type === undefined ? {} : { type: filter.type },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit ?? DEFAULT_LIST_LIMIT,
    });
    return rows.map(toAuditRecord);
  }
}
