import type { Prisma, PrismaClient } from '@huntforge/data';

export interface ToolAuditEntry {
  type: string;
  actor: string;
  tool: string;
  outcome: string;
  durationMs: number | null;
  payload: Record<string, unknown>;
}

/** Writes the MCP area's audit events (tool calls and confirmation decisions) with their filterable columns. */
export class ToolAuditRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async record(entry: ToolAuditEntry): Promise<void> {
    await this.prisma.auditEvent.create({
      data: {
        type: entry.type,
        actor: entry.actor.slice(0, 200),
        tool: entry.tool.slice(0, 100),
        outcome: entry.outcome,
        durationMs: entry.durationMs,
        payload: entry.payload as Prisma.InputJsonValue,
      },
    });
  }
}
