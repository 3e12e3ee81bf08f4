import { EXECUTION_SUMMARY_SELECT, Prisma, type ExecutionStatus, type PrismaClient } from '@huntforge/data';

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
      select: EXECUTION_SUMMARY_SELECT,
    });
  }

  /**
   * One run in full: its summary, stages and results, and the article as the STIX export names it (the
   * execution view and the STIX export read the same row).
   */
  find(id: number) {
    return this.prisma.workflowExecution.findUnique({
      where: { id },
      select: {
        ...EXECUTION_SUMMARY_SELECT,
        article: { select: { id: true, title: true, url: true, publishedAt: true } },
        platformDetection: true,
        extractionResult: true,
        stages: {
          orderBy: { startedAt: 'asc' },
          select: { stage: true, status: true, startedAt: true, finishedAt: true, durationMs: true, error: true },
        },
      },
    });
  }

  /** The latest non-evaluation run of an article that recorded corpus coverage. */
  latestCoverage(articleId: number) {
    return this.prisma.workflowExecution.findFirst({
      where: { articleId, isEvalRun: false, corpusCoverage: { not: Prisma.AnyNull } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, articleId: true, corpusCoverage: true, finishedAt: true, updatedAt: true },
    });
  }
}
