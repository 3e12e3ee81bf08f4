import { ACTOR_MAX_LENGTH } from '@huntforge/contracts/http';
import type { AuditEvent, Prisma, PrismaClient } from '../generated/prisma/client';
import type { AuditEventFilter, AuditEventInput, AuditRecord, AuditRepository } from '../ports';
import { toJsonValue } from './json';

const DEFAULT_LIST_LIMIT = 100;
const TOOL_MAX = 100;

export function toAuditRecord(row: AuditEvent): AuditRecord {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor,
    tool: row.tool,
    outcome: row.outcome,
    durationMs: row.durationMs,
    payload: row.payload,
    createdAt: row.createdAt,
  };
}

/** Inserts one audit event with `client`, which may be a transaction. */
export async function insertAuditEvent(client: Prisma.TransactionClient, event: AuditEventInput): Promise<AuditRecord> {
  const row = await client.auditEvent.create({
    data: {
      type: event.type,
      actor: event.actor?.slice(0, ACTOR_MAX_LENGTH) ?? null,
      tool: event.tool?.slice(0, TOOL_MAX) ?? null,
      outcome: event.outcome ?? null,
      durationMs: event.durationMs ?? null,
      payload: toJsonValue(event.payload),
    },
  });
  return toAuditRecord(row);
}

function whereOf(filter: AuditEventFilter): Prisma.AuditEventWhereInput {
  const createdAt: Prisma.DateTimeFilter = {
    ...(filter.since ? { gte: filter.since } : {}),
    ...(filter.until ? { lt: filter.until } : {}),
  };
  return {
    ...(filter.type !== undefined ? { type: filter.type } : {}),
    ...(filter.tool !== undefined ? { tool: filter.tool } : {}),
    ...(filter.actor !== undefined ? { actor: filter.actor } : {}),
    ...(filter.outcome !== undefined ? { outcome: filter.outcome } : {}),
    ...(filter.since || filter.until ? { createdAt } : {}),
    ...(filter.beforeId !== undefined ? { id: { lt: filter.beforeId } } : {}),
  };
}

export class PrismaAuditRepository implements AuditRepository {
  constructor(private readonly prisma: PrismaClient) {}

  record(event: AuditEventInput): Promise<AuditRecord> {
    return insertAuditEvent(this.prisma, event);
  }

  async update(id: number, change: Pick<AuditEventInput, 'outcome' | 'durationMs' | 'payload'>): Promise<void> {
    await this.prisma.auditEvent.update({
      where: { id },
      data: { outcome: change.outcome ?? null, durationMs: change.durationMs ?? null, payload: toJsonValue(change.payload) },
    });
  }

  async list(filter: AuditEventFilter): Promise<AuditRecord[]> {
    const rows = await this.prisma.auditEvent.findMany({
      where: whereOf(filter),
      // ids grow with insertion, so they order events like their timestamps and make a stable keyset
      orderBy: { id: 'desc' },
      take: filter.limit ?? DEFAULT_LIST_LIMIT,
    });
    return rows.map(toAuditRecord);
  }
}
