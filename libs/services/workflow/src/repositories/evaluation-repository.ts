import type { Prisma, PrismaClient } from '@huntforge/data';
import type { EvaluationRecordRow } from '../records';

export type EvaluationRow = EvaluationRecordRow & { article: { title: string } | null };

/** One article of a launch: its execution and its record are written together. */
export interface NewEvaluation {
  subagent: string;
  /** Per-article additions to the launch's config snapshot (the Sigma evaluation's labelled platform). */
  snapshotExtras?: Record<string, unknown>;
  articleId: number;
  articleUrl: string;
  expectedCount: number;
  expectedItems: { required: string[]; optional: string[] } | null;
}

export interface LaunchInput {
  configSnapshot: unknown;
  configVersion: number | null;
  provider: string;
  model: string | null;
  evaluations: NewEvaluation[];
}

/** What scoring writes on a record when its execution ends. */
export interface RecordOutcome {
  status: 'completed' | 'failed';
  actualCount?: number | null;
  actualItems?: string[] | null;
  matchedCount?: number | null;
  missedCount?: number | null;
  extraCount?: number | null;
  score?: number | null;
  output?: unknown;
  error?: string | null;
}

const WITH_TITLE = { article: { select: { title: true } } } as const;
const OPEN = ['pending', 'running'];
const json = (value: unknown) => (value === null || value === undefined ? undefined : (value as Prisma.InputJsonValue));

/** Every read and write of evaluation records (the workflow service owns evaluation_records). */
export class EvaluationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** The executions and records of one launch, all or none. */
  async launch(input: LaunchInput): Promise<Array<{ recordId: number; executionId: number; articleId: number; articleUrl: string }>> {
    return this.prisma.$transaction(async (tx) => {
      const created = [];
      for (const evaluation of input.evaluations) {
        const execution = await tx.workflowExecution.create({
          select: { id: true },
          data: {
            articleId: evaluation.articleId,
            configSnapshot: { ...(input.configSnapshot as Record<string, unknown>), ...evaluation.snapshotExtras } as Prisma.InputJsonValue,
            configVersion: input.configVersion,
            triggeredBy: 'eval',
            isEvalRun: true,
          },
        });
        const record = await tx.evaluationRecord.create({
          select: { id: true },
          data: {
            subagent: evaluation.subagent,
            articleId: evaluation.articleId,
            articleUrl: evaluation.articleUrl,
            workflowExecutionId: execution.id,
            configVersion: input.configVersion,
            provider: input.provider,
            model: input.model,
            status: 'pending',
            expectedCount: evaluation.expectedCount,
            expectedItems: json(evaluation.expectedItems),
          },
        });
        created.push({
          recordId: record.id,
          executionId: execution.id,
          articleId: evaluation.articleId,
          articleUrl: evaluation.articleUrl,
        });
      }
      return created;
    });
  }

  find(id: number): Promise<EvaluationRow | null> {
    return this.prisma.evaluationRecord.findUnique({ where: { id }, include: WITH_TITLE });
  }

  forExecution(executionId: number): Promise<EvaluationRecordRow[]> {
    return this.prisma.evaluationRecord.findMany({ where: { workflowExecutionId: executionId } });
  }

  async list(filter: {
    subagent?: string;
    configVersion?: number;
    model?: string;
    status?: string;
    take: number;
  }): Promise<{ rows: EvaluationRow[]; total: number }> {
    const where: Prisma.EvaluationRecordWhereInput = {
      ...(filter.subagent ? { subagent: filter.subagent } : {}),
      ...(filter.configVersion !== undefined ? { configVersion: filter.configVersion } : {}),
      ...(filter.model ? { model: filter.model } : {}),
      ...(filter.status ? { status: filter.status } : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.evaluationRecord.findMany({
        where,
        include: WITH_TITLE,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: filter.take,
      }),
      this.prisma.evaluationRecord.count({ where }),
    ]);
    return { rows, total };
  }

  /** Completed records of a subagent (for aggregates), optionally of one model. */
  completed(subagent: string, model?: string): Promise<EvaluationRow[]> {
    return this.prisma.evaluationRecord.findMany({
      where: { subagent, status: 'completed', ...(model ? { model } : {}) },
      include: WITH_TITLE,
      orderBy: { id: 'asc' },
    });
  }

  open(subagent?: string): Promise<EvaluationRecordRow[]> {
    return this.prisma.evaluationRecord.findMany({
      where: { status: { in: OPEN }, ...(subagent ? { subagent } : {}) },
      orderBy: { id: 'asc' },
    });
  }

  markRunning(executionId: number): Promise<Prisma.BatchPayload> {
    return this.prisma.evaluationRecord.updateMany({
      where: { workflowExecutionId: executionId, status: 'pending' },
      data: { status: 'running' },
    });
  }

  /** Writes an outcome unless the record was cleared meanwhile; true when a record changed. */
  async settle(id: number, outcome: RecordOutcome, onlyOpen = true): Promise<boolean> {
    const { count } = await this.prisma.evaluationRecord.updateMany({
      where: { id, ...(onlyOpen ? { status: { in: OPEN } } : {}) },
      data: {
        status: outcome.status,
        actualCount: outcome.actualCount,
        actualItems: json(outcome.actualItems),
        matchedCount: outcome.matchedCount,
        missedCount: outcome.missedCount,
        extraCount: outcome.extraCount,
        score: outcome.score,
        output: json(outcome.output),
        error: outcome.error ?? null,
        completedAt: new Date(),
      },
    });
    return count > 0;
  }

  /** Item-level fields of a completed record (rescore), leaving its status and completion time. */
  async rescore(
    id: number,
    fields: Required<Pick<RecordOutcome, 'actualCount' | 'actualItems' | 'matchedCount' | 'missedCount' | 'extraCount' | 'score'>> & {
      expectedCount: number;
      expectedItems: unknown;
      output: unknown;
    },
  ): Promise<void> {
    await this.prisma.evaluationRecord.update({
      where: { id },
      data: {
        actualCount: fields.actualCount,
        actualItems: json(fields.actualItems),
        matchedCount: fields.matchedCount,
        missedCount: fields.missedCount,
        extraCount: fields.extraCount,
        score: fields.score,
        expectedCount: fields.expectedCount,
        expectedItems: json(fields.expectedItems),
        output: json(fields.output),
      },
    });
  }

  /** Completed records without a score: what rescore may repair. */
  unscored(subagents: string[]): Promise<EvaluationRecordRow[]> {
    return this.prisma.evaluationRecord.findMany({
      where: { status: 'completed', subagent: { in: subagents }, OR: [{ score: null }, { matchedCount: null }] },
      orderBy: { id: 'asc' },
    });
  }

  /** Deletes open records; returns them (with their executions) so pending executions can be cancelled. */
  async deleteOpen(subagent?: string): Promise<Array<{ id: number; workflowExecutionId: number | null }>> {
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.evaluationRecord.findMany({
        where: { status: { in: OPEN }, ...(subagent ? { subagent } : {}) },
        select: { id: true, workflowExecutionId: true },
      });
      await tx.evaluationRecord.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
      return rows;
    });
  }

  /** The executions of these records, by id (what backfill and rescore read their outcome and output from). */
  async executionsOf(records: ReadonlyArray<{ workflowExecutionId: number | null }>) {
    const ids = records.flatMap((record) => (record.workflowExecutionId ? [record.workflowExecutionId] : []));
    const rows = await this.prisma.workflowExecution.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true, error: true, extractionResult: true, sigmaRules: true },
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Models with completed data for a subagent, most used first. */
  async models(subagent: string): Promise<Array<{ model: string; provider: string | null; records: number }>> {
    const groups = await this.prisma.evaluationRecord.groupBy({ by: ['model', 'provider'], where: { subagent }, _count: { _all: true } });
    return groups
      .map((group) => ({ model: group.model ?? 'builtin', provider: group.provider, records: group._count._all }))
      .sort((a, b) => b.records - a.records || a.model.localeCompare(b.model));
  }

  /** The config snapshot one evaluation execution of a version ran with (what its prompt was). */
  async snapshotOfVersion(configVersion: number): Promise<unknown> {
    const row = await this.prisma.workflowExecution.findFirst({
      where: { configVersion, isEvalRun: true },
      orderBy: { id: 'desc' },
      select: { configSnapshot: true },
    });
    return row?.configSnapshot ?? null;
  }

  /** Latest non-evaluation execution with a platform decision, per article (the legacy OS-detection results). */
  async latestPlatformDetections(articleIds: number[]): Promise<Map<number, unknown>> {
    const rows = await this.prisma.workflowExecution.findMany({
      where: { articleId: { in: articleIds }, isEvalRun: false },
      orderBy: { id: 'desc' },
      select: { articleId: true, platformDetection: true },
    });
    const latest = new Map<number, unknown>();
    for (const row of rows)
      if (row.platformDetection !== null && !latest.has(row.articleId)) latest.set(row.articleId, row.platformDetection);
    return latest;
  }
}
