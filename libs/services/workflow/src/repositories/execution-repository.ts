import {
  executionSummariesStatement,
  isForeignKeyViolation,
  isUniqueViolation,
  plainQuery,
  type ExecutionSummaryRow,
  type PlainQuery,
  type Prisma,
  type PrismaClient,
} from '@huntforge/data';
import type { ExecutionStatusValue, ListExecutionsQuery } from '@huntforge/contracts/executions';
import type { ExecutionRecord } from '../records';

/** What creating a row hands back: enough to dispatch and answer, without copying the snapshot back. */
export type CreatedExecution = Pick<ExecutionRecord, 'id' | 'status' | 'articleId' | 'createdAt' | 'configVersion'>;

/** A finished stage's record, as the stage recorder buffers it (ExecutionLeaseRepository.writeWhileOwned inserts it). */
export interface NewStageRecord {
  executionId: number;
  stage: string;
  status: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  summary?: unknown;
  error?: string;
  logLines: string[];
  usage: unknown[];
}

export interface NewExecution {
  articleId: number;
  configSnapshot: unknown;
  configVersion: number | null;
  triggeredBy: 'auto' | 'manual' | 'retry' | 'eval';
  isEvalRun?: boolean;
  retryOfId?: number | null;
}

/** Thrown when the one-active-execution-per-article index refuses a new row. */
export class ActiveExecutionExistsError extends Error {
  constructor(readonly articleId: number) {
    super(`article ${articleId} already has an active workflow execution`);
    this.name = 'ActiveExecutionExistsError';
  }
}

/** Thrown when the article of a new row does not exist (the foreign key refused it). */
export class ExecutionArticleMissingError extends Error {
  constructor(readonly articleId: number) {
    super(`article ${articleId} does not exist`);
    this.name = 'ExecutionArticleMissingError';
  }
}

const ACTIVE: ExecutionStatusValue[] = ['pending', 'running'];

/**
 * Reads and writes of workflow executions and their stage records; the worker's lease on a running row
 * (claim, heartbeat, guarded writes, stale takeover) is ExecutionLeaseRepository's.
 */
export class ExecutionRepository {
  /**
   * The last row created with each snapshot object. The active config's snapshot is one object shared by
   * every trigger until the config or a prompt changes, so a later row copies it from that row inside the
   * database instead of sending and parsing its ~17 KB of JSON again.
   */
  private readonly createdWith = new WeakMap<object, Promise<number | null>>();

  /** The list's summaries are one plain statement (see executionSummariesStatement). */
  private readonly plain: PlainQuery;

  constructor(private readonly prisma: PrismaClient) {
    this.plain = plainQuery(prisma);
  }

  /** Rows per status, for the metrics gauge read at scrape time. */
  async countByStatus(): Promise<Array<{ status: string; count: number }>> {
    const groups = await this.prisma.workflowExecution.groupBy({ by: ['status'], _count: { _all: true } });
    return groups.map((group) => ({ status: group.status, count: group._count._all }));
  }

  async create(input: NewExecution): Promise<CreatedExecution> {
    try {
      return await this.createWithSnapshot(input);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ActiveExecutionExistsError(input.articleId);
      if (isForeignKeyViolation(error)) throw new ExecutionArticleMissingError(input.articleId);
      throw error;
    }
  }

  /**
   * The first row with a snapshot object sends it; the rows after it copy it from that row. A burst of triggers
   * waits for the first row rather than each sending the snapshot while it is being written.
   */
  private async createWithSnapshot(input: NewExecution): Promise<CreatedExecution> {
    const snapshot = typeof input.configSnapshot === 'object' && input.configSnapshot !== null ? input.configSnapshot : null;
    const previous = snapshot ? this.createdWith.get(snapshot) : undefined;
    const template = previous ? await previous : null;
    const copied = template !== null ? await this.createCopying(template, input) : null;
    if (copied) return copied;
    const inserting = this.insert(input);
    if (snapshot && this.createdWith.get(snapshot) === previous) {
      this.createdWith.set(
        snapshot,
        inserting.then(
          (row) => row.id,
          () => null,
        ),
      );
    }
    return inserting;
  }

  /** A new row whose snapshot is copied from row `template` (which has the same one); null when that row is gone. */
  private async createCopying(template: number, input: NewExecution): Promise<CreatedExecution | null> {
    const now = new Date().toISOString();
    const [row] = await this.prisma.$queryRaw<Array<Omit<CreatedExecution, 'status'> & { status: string }>>`
      INSERT INTO workflow_executions (article_id, status, config_snapshot, config_version, is_eval_run, triggered_by, retry_of_id, created_at, updated_at)
      SELECT ${input.articleId}::int, 'pending', config_snapshot, ${input.configVersion}::int, ${input.isEvalRun ?? false}::boolean,
             ${input.triggeredBy}::text, ${input.retryOfId ?? null}::int, ${now}::timestamptz, ${now}::timestamptz
        FROM workflow_executions WHERE id = ${template}::int
      RETURNING id, status::text AS status, article_id AS "articleId", created_at AS "createdAt", config_version AS "configVersion"`;
    if (!row) return null;
    return { ...row, status: row.status as CreatedExecution['status'], createdAt: new Date(row.createdAt) };
  }

  private insert(input: NewExecution): Promise<CreatedExecution> {
    return this.prisma.workflowExecution.create({
      select: { id: true, status: true, articleId: true, createdAt: true, configVersion: true },
      data: {
        articleId: input.articleId,
        configSnapshot: input.configSnapshot as Prisma.InputJsonValue,
        configVersion: input.configVersion,
        triggeredBy: input.triggeredBy,
        isEvalRun: input.isEvalRun ?? false,
        retryOfId: input.retryOfId ?? null,
      },
    });
  }

  find(id: number): Promise<ExecutionRecord | null> {
    return this.prisma.workflowExecution.findUnique({ where: { id } });
  }

  findWithStages(id: number) {
    return this.prisma.workflowExecution.findUnique({
      where: { id },
      include: { stages: { orderBy: [{ startedAt: 'asc' }, { id: 'asc' }] }, article: { select: { title: true } } },
    });
  }

  /** What the STIX export of a run needs: its observables, its rules and the article they came from. */
  findForStix(id: number) {
    return this.prisma.workflowExecution.findUnique({
      where: { id },
      select: {
        id: true,
        createdAt: true,
        finishedAt: true,
        extractionResult: true,
        sigmaRules: true,
        article: { select: { id: true, title: true, url: true, publishedAt: true } },
      },
    });
  }

  /** The active (pending or running) non-evaluation execution of an article; the partial unique index allows one. */
  findActiveForArticle(articleId: number): Promise<ExecutionRecord | null> {
    return this.prisma.workflowExecution.findFirst({ where: { articleId, isEvalRun: false, status: { in: ACTIVE } } });
  }

  async list(query: ListExecutionsQuery) {
    const where: Prisma.WorkflowExecutionWhereInput = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.step ? { currentStep: query.step } : {}),
      ...(query.article_id ? { articleId: query.article_id } : {}),
      ...(query.is_eval_run === undefined ? {} : { isEvalRun: query.is_eval_run }),
    };
    const sortField = {
      created_at: 'createdAt',
      updated_at: 'updatedAt',
      started_at: 'startedAt',
      finished_at: 'finishedAt',
      status: 'status',
      article_id: 'articleId',
      id: 'id',
    }[query.sort_by] as keyof Prisma.WorkflowExecutionOrderByWithRelationInput;
    // Without a status, step or article filter the total is the sum of the counts per status (same rows), so
    // the list a dashboard polls costs one query less.
    const totalIsSumOfCounts = !query.status && !query.step && !query.article_id;
    const [page, counted, counts] = await Promise.all([
      // The page's ids first (index-only for the default newest-first order), then its summary columns only:
      // a page of whole rows carries every run's config, extraction and coverage JSON.
      this.prisma.workflowExecution.findMany({
        where,
        orderBy: [{ [sortField]: query.sort_order }, { id: query.sort_order }],
        skip: (query.page - 1) * query.limit,
        take: query.limit,
        select: { id: true },
      }),
      totalIsSumOfCounts ? null : this.prisma.workflowExecution.count({ where }),
      this.prisma.workflowExecution.groupBy({
        by: ['status'],
        where: query.is_eval_run === undefined ? {} : { isEvalRun: query.is_eval_run },
        _count: { _all: true },
      }),
    ]);
    const ids = page.map((row) => row.id);
    const summaries = ids.length === 0 ? [] : await this.plain<ExecutionSummaryRow>(executionSummariesStatement(ids));
    const byId = new Map(summaries.map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    const byStatus = Object.fromEntries(counts.map((row) => [row.status, row._count._all])) as Partial<
      Record<ExecutionStatusValue, number>
    >;
    const total = counted ?? counts.reduce((sum, row) => sum + row._count._all, 0);
    return { rows, total, byStatus };
  }

  /** Moves pending/running rows to `status`; returns how many moved (0: it was not active). */
  async endActive(id: number, status: 'cancelled' | 'failed', reason: string, error?: string): Promise<boolean> {
    const result = await this.prisma.workflowExecution.updateMany({
      where: { id, status: { in: ACTIVE } },
      data: { status, terminationReason: reason, error: error ?? null, finishedAt: new Date(), currentStep: null },
    });
    return result.count === 1;
  }

  /** Running rows whose heartbeat stopped before `staleBefore`. */
  findStaleRunning(staleBefore: Date) {
    return this.prisma.workflowExecution.findMany({
      where: { status: 'running', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
      orderBy: { id: 'asc' },
    });
  }

  /** Pending rows never started, oldest first. */
  findPendingNeverStarted() {
    return this.prisma.workflowExecution.findMany({ where: { status: 'pending', startedAt: null }, orderBy: { createdAt: 'asc' } });
  }

  /** Fails a pending row that is still pending and never started (a stuck row being replaced). */
  async failStuckPending(id: number): Promise<boolean> {
    const result = await this.prisma.workflowExecution.updateMany({
      where: { id, status: 'pending', startedAt: null },
      data: {
        status: 'failed',
        terminationReason: 'stuck_pending',
        error: 'pending past STUCK_PENDING_AFTER without starting; replaced by a new execution',
        finishedAt: new Date(),
      },
    });
    return result.count === 1;
  }
}
