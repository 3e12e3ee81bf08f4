import { plainQuery, Prisma, type PlainQuery, type PrismaClient } from '@huntforge/data';
import type { ExecutionFields, ExecutionRecord } from '../records';
import type { NewStageRecord } from './execution-repository';

/** Thrown inside a guarded write when this worker no longer owns a running row (cancelled, taken over, finished). */
export class LostOwnershipError extends Error {
  constructor(readonly executionId: number) {
    super(`execution ${executionId} is no longer running under this worker`);
    this.name = 'LostOwnershipError';
  }
}

type ColumnKind = 'text' | 'status' | 'time' | 'json' | 'float';

/** Each writable field's column and how its value is passed (transportRequeues, an increment, apart). */
const COLUMNS: Record<Exclude<keyof ExecutionFields, 'transportRequeues'>, [column: string, kind: ColumnKind]> = {
  status: ['status', 'status'],
  currentStep: ['current_step', 'text'],
  workerId: ['worker_id', 'text'],
  heartbeatAt: ['heartbeat_at', 'time'],
  startedAt: ['started_at', 'time'],
  finishedAt: ['finished_at', 'time'],
  platformDetection: ['platform_detection', 'json'],
  junkFilterSummary: ['junk_filter_summary', 'json'],
  rankScore: ['rank_score', 'float'],
  rankReasoning: ['rank_reasoning', 'text'],
  extractionCounts: ['extraction_counts', 'json'],
  extractionResult: ['extraction_result', 'json'],
  sigmaRules: ['sigma_rules', 'json'],
  corpusCoverage: ['corpus_coverage', 'json'],
  terminationReason: ['termination_reason', 'text'],
  error: ['error', 'text'],
};

function sqlValue(kind: ColumnKind, value: unknown): Prisma.Sql {
  // A JSON column's null is SQL NULL, as Prisma's DbNull; the stages never write one.
  if (value === null) return Prisma.sql`NULL`;
  switch (kind) {
    case 'json':
      return Prisma.sql`${JSON.stringify(value)}::jsonb`;
    case 'time':
      return Prisma.sql`${(value as Date).toISOString()}::timestamptz`;
    case 'status':
      return Prisma.sql`${value as string}::execution_status`;
    case 'float':
      return Prisma.sql`${value as number}::float8`;
    case 'text':
      return Prisma.sql`${value as string}::text`;
  }
}

/** The SET list of a guarded write: the heartbeat (unless `fields` sets it), the fields given, updated_at. */
function assignments(fields: ExecutionFields, now: Date): Prisma.Sql {
  const set: Prisma.Sql[] = [];
  for (const [key, value] of Object.entries({ heartbeatAt: now, ...fields })) {
    if (value === undefined) continue;
    if (key === 'transportRequeues') {
      set.push(Prisma.sql`transport_requeues = transport_requeues + ${(value as { increment: number }).increment}::int`);
      continue;
    }
    const [column, kind] = COLUMNS[key as keyof typeof COLUMNS];
    set.push(Prisma.sql`${Prisma.raw(column)} = ${sqlValue(kind, value)}`);
  }
  set.push(Prisma.sql`updated_at = ${now.toISOString()}::timestamptz`);
  return Prisma.join(set, ', ');
}

/** Stage records as the one JSON parameter the insert reads its rows from. */
function stageRowsJson(records: readonly NewStageRecord[]): string {
  return JSON.stringify(
    records.map((record) => ({
      execution_id: record.executionId,
      stage: record.stage,
      status: record.status,
      started_at: record.startedAt.toISOString(),
      finished_at: record.finishedAt.toISOString(),
      duration_ms: record.durationMs,
      summary: record.summary ?? null,
      error: record.error ?? null,
      log_lines: record.logLines,
      usage: record.usage,
    })),
  );
}

/**
 * A worker's lease on a running execution: claiming a row (or taking over one whose worker died), keeping
 * it with heartbeats, writing only while it is still held, and failing a row whose heartbeat stopped.
 */
export class ExecutionLeaseRepository {
  /** The guarded write carries a run's results (tens of KB of JSON): it goes straight to the driver. */
  private readonly plain: PlainQuery;

  constructor(private readonly prisma: PrismaClient) {
    this.plain = plainQuery(prisma);
  }

  /**
   * Claims a row for this worker: pending → running, or a running row whose heartbeat is older than
   * `staleBefore` (its worker died) is taken over. Returns the claimed row, or null when another worker
   * owns it or it already ended.
   */
  async claim(id: number, workerId: string, staleBefore: Date): Promise<ExecutionRecord | null> {
    const now = new Date();
    const [fromPending] = await this.prisma.workflowExecution.updateManyAndReturn({
      where: { id, status: 'pending' },
      data: { status: 'running', workerId, heartbeatAt: now, startedAt: now, currentStep: null },
    });
    if (fromPending) return fromPending;
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.workflowExecution.findUnique({ where: { id }, select: { currentStep: true, workerId: true } });
      const [takenOver] = await tx.workflowExecution.updateManyAndReturn({
        where: { id, status: 'running', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
        data: { workerId, heartbeatAt: now, currentStep: null },
      });
      if (!takenOver) return null;
      // The dead worker's unfinished stage is recorded as abandoned, so the history is truthful.
      if (before?.currentStep) {
        await tx.executionStage.create({
          data: {
            executionId: id,
            stage: before.currentStep,
            status: 'failed',
            error: `abandoned: its worker (${before.workerId ?? 'unknown'}) stopped; run taken over by ${workerId}`,
            finishedAt: now,
          },
        });
      }
      return takenOver;
    });
  }

  /** Refreshes the heartbeat; false when this worker lost the row (cancelled, taken over or finished). */
  async heartbeat(id: number, workerId: string): Promise<boolean> {
    const result = await this.prisma.workflowExecution.updateMany({
      where: { id, workerId, status: 'running' },
      data: { heartbeatAt: new Date() },
    });
    return result.count === 1;
  }

  /**
   * Writes `fields` and inserts `stages` only while this worker still owns the running row, in one statement:
   * the guard's update (heartbeat plus `fields`) locks the row, so a concurrent cancel waits for the commit
   * and nothing is written after it, and the stages are inserted only when the guard matched. One statement
   * where an interactive transaction cost four round trips to the database (begin, update, insert, commit),
   * and every run ends with this write. Throws LostOwnershipError (writing nothing) when the row is not ours.
   */
  async writeWhileOwned(id: number, workerId: string, fields: ExecutionFields, stages: readonly NewStageRecord[]): Promise<void> {
    const guard = Prisma.sql`
      UPDATE workflow_executions SET ${assignments(fields, new Date())}
       WHERE id = ${id}::int AND worker_id = ${workerId}::text AND status = 'running'
      RETURNING id`;
    const [row] = await this.plain<{ owned: number }>(
      stages.length === 0
        ? Prisma.sql`WITH owned AS (${guard}) SELECT count(*)::int AS owned FROM owned`
        : Prisma.sql`
            WITH owned AS (${guard}),
            inserted AS (
              INSERT INTO execution_stages (execution_id, stage, status, started_at, finished_at, duration_ms, summary, error, log_lines, usage)
              SELECT r.execution_id, r.stage, r.status, r.started_at, r.finished_at, r.duration_ms, r.summary, r.error, r.log_lines, r.usage
              FROM jsonb_to_recordset(${stageRowsJson(stages)}::jsonb) AS r(
                execution_id int, stage text, status text, started_at timestamptz, finished_at timestamptz, duration_ms int,
                summary jsonb, error text, log_lines jsonb, usage jsonb)
              WHERE EXISTS (SELECT 1 FROM owned))
            SELECT count(*)::int AS owned FROM owned`,
    );
    if (Number(row?.owned ?? 0) !== 1) throw new LostOwnershipError(id);
  }

  /** Marks running rows stale (failed) only if their heartbeat is still old at update time. */
  async failIfStale(id: number, staleBefore: Date): Promise<boolean> {
    const result = await this.prisma.workflowExecution.updateMany({
      where: { id, status: 'running', OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: staleBefore } }] },
      data: { status: 'failed', terminationReason: 'stale', error: 'worker heartbeat stopped', finishedAt: new Date(), currentStep: null },
    });
    return result.count === 1;
  }
}
