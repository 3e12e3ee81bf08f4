import type { ConfirmationStatus, McpConfirmationRequest, Prisma, PrismaClient } from '@huntforge/data';

export type ConfirmationRecord = McpConfirmationRequest;

export interface ConfirmationListFilter {
  status?: ConfirmationStatus;
  tool?: string;
  /** Only the requests this actor filed. */
  requestedBy?: string;
  limit: number;
  /** Keyset position: rows strictly older than this (created_at, id). */
  after?: { createdAt: Date; id: string };
}

/** The confirmation requests of high-risk tool calls. Decisions are conditional updates, so two people cannot both decide. */
export class ConfirmationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: { tool: string; arguments: unknown; requestedBy: string; createdAt: Date; expiresAt: Date }): Promise<ConfirmationRecord> {
    return this.prisma.mcpConfirmationRequest.create({
      data: {
        tool: input.tool,
        arguments: input.arguments as Prisma.InputJsonValue,
        requestedBy: input.requestedBy.slice(0, 200),
        createdAt: input.createdAt,
        expiresAt: input.expiresAt,
      },
    });
  }

  find(id: string): Promise<ConfirmationRecord | null> {
    return this.prisma.mcpConfirmationRequest.findUnique({ where: { id } });
  }

  list(filter: ConfirmationListFilter): Promise<ConfirmationRecord[]> {
    const where: Prisma.McpConfirmationRequestWhereInput = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.tool ? { tool: filter.tool } : {}),
      ...(filter.requestedBy !== undefined ? { requestedBy: filter.requestedBy } : {}),
      ...(filter.after
        ? {
            OR: [{ createdAt: { lt: filter.after.createdAt } }, { createdAt: filter.after.createdAt, id: { lt: filter.after.id } }],
          }
        : {}),
    };
    return this.prisma.mcpConfirmationRequest.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: filter.limit,
    });
  }

  /** Pending requests past their expiry become expired; returns how many. */
  async expireDue(now: Date): Promise<number> {
    const { count } = await this.prisma.mcpConfirmationRequest.updateMany({
      where: { status: 'pending', expiresAt: { lte: now } },
      data: { status: 'expired' },
    });
    return count;
  }

  /** pending → `status` when still pending and not expired; false when someone else decided first or it expired. */
  async decide(id: string, status: 'confirmed' | 'rejected', decidedBy: string, reason: string | null, now: Date): Promise<boolean> {
    const { count } = await this.prisma.mcpConfirmationRequest.updateMany({
      where: { id, status: 'pending', expiresAt: { gt: now } },
      data: { status, decidedBy: decidedBy.slice(0, 200), decidedAt: now, decisionReason: reason },
    });
    return count === 1;
  }

  /** Records what the confirmed action did. */
  finish(id: string, outcome: { status: 'confirmed' | 'failed'; result: unknown; error: string | null }): Promise<ConfirmationRecord> {
    return this.prisma.mcpConfirmationRequest.update({
      where: { id },
      data: { status: outcome.status, result: outcome.result as Prisma.InputJsonValue, error: outcome.error },
    });
  }
}
