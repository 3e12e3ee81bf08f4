import type { AuditEvent, Prisma, PrismaClient } from '@huntforge/data';

export interface AuditEventFilter {
  type?: string;
  tool?: string;
  actor?: string;
  outcome?: string;
  since?: Date;
  until?: Date;
  /** Keyset position: events with a smaller id (older) than this. */
  beforeId?: number;
  limit: number;
}

/** Reads of the audit trail (scheduled-job changes, MCP tool calls and confirmation decisions), newest first. */
export class AuditEventRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(filter: AuditEventFilter): Promise<AuditEvent[]> {
    const createdAt: Prisma.DateTimeFilter = {
      ...(filter.since ? { gte: filter.since } : {}),
      ...(filter.until ? { lt: filter.until } : {}),
    };
    return this.prisma.auditEvent.findMany({
      where: {
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.tool ? { tool: filter.tool } : {}),
        ...(filter.actor ? { actor: filter.actor } : {}),
        ...(filter.outcome ? { outcome: filter.outcome } : {}),
        ...(filter.since || filter.until ? { createdAt } : {}),
        ...(filter.beforeId !== undefined ? { id: { lt: filter.beforeId } } : {}),
      },
      orderBy: { id: 'desc' },
      take: filter.limit,
    });
  }
}
