import type { Prisma, PrismaClient } from '@huntforge/data';
import type { ExecutionFields, ExecutionRecord } from '../records';

type Tx = Prisma.TransactionClient;

/** Thrown inside a guarded write when this worker no longer owns a running row (cancelled, taken over, finished). */
export class LostOwnershipError extends Error {
  constructor(readonly executionId: number) {
    super(`execution ${executionId} is no longer running under this worker`);
    this.name = 'LostOwnershipError';
  }
}

/**
 * The stage's columns as Prisma writes them. The JSON columns hold what the stages produced (plain data, as
 * before); `null` is never written to them by a stage.
 */
function toUpdate(fields: ExecutionFields): Prisma.WorkflowExecutionUpdateManyMutationInput {
  return fields as Prisma.WorkflowExecutionUpdateManyMutationInput;
}

/**
 * A worker's lease on a running execution: claiming a row (or taking over one whose worker died), keeping
 * it with heartbeats, writing only while it is still held, and failing a row whose heartbeat stopped.
 */
export class ExecutionLeaseRepository {
  constructor(private readonly prisma: PrismaClient) {}

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
   * Runs `write` in a transaction only while this worker still owns the running row. The guard's update
   * (heartbeat plus `fields`) locks the row, so a concurrent cancel waits for the commit and nothing is
   * written after it.
   */
  async guarded<T>(id: number, workerId: string, write: (tx: Tx) => Promise<T>, fields: ExecutionFields = {}): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      const owned = await tx.workflowExecution.updateMany({
        where: { id, workerId, status: 'running' },
        data: { heartbeatAt: new Date(), ...toUpdate(fields) },
      });
      if (owned.count !== 1) throw new LostOwnershipError(id);
      return write(tx);
    });
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
