import type { Prisma, PrismaClient, SigmaQueueItem } from '@huntforge/data';
import type { SigmaQueueStatusValue } from '@huntforge/contracts';

export type QueueItemRow = SigmaQueueItem;

export interface NewQueueItem {
  status: SigmaQueueStatusValue;
  source: 'generated' | 'publisher';
  workflowExecutionId: number | null;
  articleId: number | null;
  ruleYaml: string;
  title: string;
  level: string | null;
  tags: string[];
  telemetryClass: string | null;
  maxSimilarity: number | null;
  similarityInconclusive: boolean;
  matches: unknown[];
  validationFindings: unknown[];
  provenance: Record<string, unknown> | null;
  deliveryPermitted: boolean | null;
}

/** Review-queue rows. Status changes are conditional on the expected current status (no lost updates). */
export class QueueRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Inserts the rows in one statement (all or none); returned in the order given. */
  async createMany(items: NewQueueItem[]): Promise<QueueItemRow[]> {
    const rows = await this.prisma.sigmaQueueItem.createManyAndReturn({
      data: items.map((item) => ({
        ...item,
        matches: item.matches as Prisma.InputJsonValue,
        validationFindings: item.validationFindings as Prisma.InputJsonValue,
        provenance: (item.provenance ?? undefined) as Prisma.InputJsonValue | undefined,
      })),
    });
    // Ids are drawn in VALUES order, so ascending ids are the order given.
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The first queued item of an execution for each of the given rule texts (keyed by the exact YAML). */
  async findByExecutionAndRules(workflowExecutionId: number, ruleYamls: string[]): Promise<Map<string, QueueItemRow>> {
    const rows = await this.prisma.sigmaQueueItem.findMany({ where: { workflowExecutionId, ruleYaml: { in: ruleYamls } }, orderBy: { id: 'asc' } });
    const byYaml = new Map<string, QueueItemRow>();
    for (const row of rows) if (!byYaml.has(row.ruleYaml)) byYaml.set(row.ruleYaml, row);
    return byYaml;
  }

  async find(id: number): Promise<QueueItemRow | null> {
    return this.prisma.sigmaQueueItem.findUnique({ where: { id } });
  }

  async list(filter: { status?: SigmaQueueStatusValue; workflowExecutionId?: number; limit: number; offset: number }): Promise<{ items: QueueItemRow[]; total: number }> {
    const where: Prisma.SigmaQueueItemWhereInput = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.workflowExecutionId ? { workflowExecutionId: filter.workflowExecutionId } : {}),
    };
    const [items, total] = await Promise.all([
      this.prisma.sigmaQueueItem.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: filter.limit, skip: filter.offset }),
      this.prisma.sigmaQueueItem.count({ where }),
    ]);
    return { items, total };
  }

  /** Updates only from the given statuses and, when `unchangedSince` is given, only if nobody wrote the row since. */
  async updateIfStatus(id: number, from: readonly SigmaQueueStatusValue[], data: Prisma.SigmaQueueItemUpdateInput, unchangedSince?: Date): Promise<QueueItemRow | null> {
    const { count } = await this.prisma.sigmaQueueItem.updateMany({
      where: { id, status: { in: [...from] }, ...(unchangedSince ? { updatedAt: unchangedSince } : {}) },
      data: data as Prisma.SigmaQueueItemUpdateManyMutationInput,
    });
    return count === 0 ? null : this.find(id);
  }
}
