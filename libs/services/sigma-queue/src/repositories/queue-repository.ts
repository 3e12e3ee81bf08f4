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

  async create(item: NewQueueItem): Promise<QueueItemRow> {
    return this.prisma.sigmaQueueItem.create({
      data: {
        ...item,
        matches: item.matches as Prisma.InputJsonValue,
        validationFindings: item.validationFindings as Prisma.InputJsonValue,
        provenance: (item.provenance ?? undefined) as Prisma.InputJsonValue | undefined,
      },
    });
  }

  async findByExecutionAndRule(workflowExecutionId: number, ruleYaml: string): Promise<QueueItemRow | null> {
    return this.prisma.sigmaQueueItem.findFirst({ where: { workflowExecutionId, ruleYaml }, orderBy: { id: 'asc' } });
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

  /** Applies `data` only while the item is in one of `from`; null when it was not (someone else moved it). */
  /** Updates only from the given statuses and, when `unchangedSince` is given, only if nobody wrote the row since. */
  async updateIfStatus(id: number, from: readonly SigmaQueueStatusValue[], data: Prisma.SigmaQueueItemUpdateInput, unchangedSince?: Date): Promise<QueueItemRow | null> {
    const { count } = await this.prisma.sigmaQueueItem.updateMany({
      where: { id, status: { in: [...from] }, ...(unchangedSince ? { updatedAt: unchangedSince } : {}) },
      data: data as Prisma.SigmaQueueItemUpdateManyMutationInput,
    });
    return count === 0 ? null : this.find(id);
  }
}
