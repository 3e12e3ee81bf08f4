import type { ExecutionStatus, PrismaClient } from '@huntforge/data';

const summarySelect = {
  id: true,
  articleId: true,
  status: true,
  currentStep: true,
  terminationReason: true,
  triggeredBy: true,
  isEvalRun: true,
  rankScore: true,
  sigmaRules: true,
  createdAt: true,
  finishedAt: true,
  article: { select: { title: true } },
} as const;

/** Reads of workflow executions (the workflow service owns and writes them). */
export class ExecutionReadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(filter: { status?: ExecutionStatus; articleId?: number; offset: number; take: number }) {
    return this.prisma.workflowExecution.findMany({
      where: {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.articleId !== undefined ? { articleId: filter.articleId } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: filter.offset,
      take: filter.take,
      select: summarySelect,
    });
  }

  find(id: number) {
    return this.prisma.workflowExecution.findUnique({
      where: { id },
      select: {
        ...summarySelect,
        configVersion: true,
        platformDetection: true,
        extractionCounts: true,
        extractionResult: true,
        error: true,
        startedAt: true,
        stages: {
          orderBy: { startedAt: 'asc' },
          select: { stage: true, status: true, startedAt: true, finishedAt: true, durationMs: true, error: true },
        },
      },
    });
  }
}
