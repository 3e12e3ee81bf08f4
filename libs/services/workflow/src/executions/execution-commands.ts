import type { Bus } from '@huntforge/bus';
import { EXECUTION_ERROR_CODES, TOPICS, type ExecutionStatusValue } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { ActiveExecutionExistsError, ExecutionArticleMissingError, type CreatedExecution, type ExecutionRepository, type ExecutionRow } from '../repositories/execution-repository';
import type { ExecutionTimings } from './execution-config';

/** The config a new execution snapshots, and the auto-trigger threshold of the active config. */
export interface ActiveConfigSource {
  active(): Promise<{ version: number | null; snapshot: unknown; autoTriggerThreshold: number }>;
}

export interface ExecutionCommandDeps {
  /** The article's hunt score (the workflow reads articles, it does not own them). */
  articleHuntScore(articleId: number): Promise<{ id: number; huntScore: number } | null>;
  repo: ExecutionRepository;
  bus: Bus;
  logger: Logger;
  config: ActiveConfigSource;
  timings: ExecutionTimings;
}

/** Refusal because the article already has an active, not stuck, execution (409 with execution_id null). */
export class ActiveExecutionRefusal extends Error {
  constructor(readonly active: ExecutionRow) {
    super(`article ${active.articleId} already has an active workflow execution (${active.id}, ${active.status})`);
    this.name = 'ActiveExecutionRefusal';
  }
}

export interface TriggerResult {
  execution: CreatedExecution;
  replacedStuckId?: number;
}

function notFound(what: 'article' | 'execution', id: number): HttpError {
  const code = what === 'article' ? EXECUTION_ERROR_CODES.articleNotFound : EXECUTION_ERROR_CODES.executionNotFound;
  return new HttpError(404, code, `${what} ${id} not found`);
}

export function isStuckPending(row: ExecutionRow, timings: ExecutionTimings, now = Date.now()): boolean {
  if (row.status !== 'pending' || row.startedAt !== null) return false;
  const window = row.isEvalRun ? timings.evalStuckPendingAfterMs : timings.stuckPendingAfterMs;
  return now - row.createdAt.getTime() > window;
}

async function dispatch(deps: ExecutionCommandDeps, execution: Pick<ExecutionRow, 'id'>): Promise<void> {
  await deps.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: execution.id });
}

/**
 * Starts a run for an article. Without `force` the hunt score must be strictly above the auto-trigger
 * threshold. An active execution refuses, unless it is a stuck pending row: that one is failed and a
 * fresh execution starts.
 */
export async function triggerExecution(
  deps: ExecutionCommandDeps,
  articleId: number,
  options: { force: boolean; triggeredBy: 'auto' | 'manual' },
): Promise<TriggerResult> {
  const config = await deps.config.active();
  if (!options.force) {
    // With force the score does not matter, and the foreign key answers whether the article exists.
    const article = await deps.articleHuntScore(articleId);
    if (!article) throw notFound('article', articleId);
    if (!(article.huntScore > config.autoTriggerThreshold)) {
      throw new HttpError(
        422,
        EXECUTION_ERROR_CODES.huntScoreBelowThreshold,
        `hunt score ${article.huntScore} is not above the auto-trigger threshold ${config.autoTriggerThreshold}; retry with force=true to run it anyway`,
        { hunt_score: article.huntScore, auto_trigger_hunt_score_threshold: config.autoTriggerThreshold },
      );
    }
  }
  const create = () =>
    deps.repo.create({ articleId, configSnapshot: config.snapshot, configVersion: config.version, triggeredBy: options.triggeredBy }).catch((error: unknown) => {
      throw error instanceof ExecutionArticleMissingError ? notFound('article', articleId) : error;
    });
  let replacedStuckId: number | undefined;
  let execution: CreatedExecution;
  try {
    // The common case has no active run: the one-active-per-article index is the check.
    execution = await create();
  } catch (error) {
    if (!(error instanceof ActiveExecutionExistsError)) throw error;
    const active = await deps.repo.findActiveForArticle(articleId);
    if (active && !isStuckPending(active, deps.timings)) throw new ActiveExecutionRefusal(active);
    if (active && (await deps.repo.failStuckPending(active.id))) {
      replacedStuckId = active.id;
      deps.logger.warn({ executionId: active.id, articleId }, 'stuck pending execution failed; starting a fresh one');
    }
    try {
      execution = await create();
    } catch (retryError) {
      if (!(retryError instanceof ActiveExecutionExistsError)) throw retryError;
      // Lost a race with a concurrent trigger: report the winner.
      const winner = await deps.repo.findActiveForArticle(articleId);
      if (winner) throw new ActiveExecutionRefusal(winner);
      throw retryError;
    }
  }
  await dispatch(deps, execution);
  return { execution, ...(replacedStuckId ? { replacedStuckId } : {}) };
}

function invalidTransition(row: ExecutionRow, action: string, allowed: ExecutionStatusValue[]): HttpError {
  return new HttpError(
    409,
    EXECUTION_ERROR_CODES.invalidTransition,
    `cannot ${action} execution ${row.id}: it is ${row.status} (allowed from ${allowed.join(' or ')})`,
    { execution_id: row.id, status: row.status, allowed_from: allowed },
  );
}

/** A new execution for the same article and config snapshot, from a failed or cancelled one. */
export async function retryExecution(deps: ExecutionCommandDeps, id: number): Promise<CreatedExecution> {
  const row = await deps.repo.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['failed', 'cancelled'];
  if (!allowed.includes(row.status)) throw invalidTransition(row, 'retry', allowed);
  let execution: CreatedExecution;
  try {
    execution = await deps.repo.create({
      articleId: row.articleId,
      configSnapshot: row.configSnapshot,
      configVersion: row.configVersion,
      triggeredBy: 'retry',
      isEvalRun: row.isEvalRun,
      retryOfId: row.id,
    });
  } catch (error) {
    if (error instanceof ActiveExecutionExistsError) {
      const active = await deps.repo.findActiveForArticle(row.articleId);
      if (active) throw new ActiveExecutionRefusal(active);
    }
    throw error;
  }
  await dispatch(deps, execution);
  return execution;
}

/** Cancels a pending or running execution; its worker sees the status on its next heartbeat and stops. */
export async function cancelExecution(deps: ExecutionCommandDeps, id: number): Promise<ExecutionRow> {
  const row = await deps.repo.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['pending', 'running'];
  if (!(await deps.repo.endActive(id, 'cancelled', 'cancelled'))) {
    const now = (await deps.repo.find(id)) ?? row;
    throw invalidTransition(now, 'cancel', allowed);
  }
  await deps.bus.publish(TOPICS.workflowExecutionFinished, { execution_id: id, status: 'cancelled' });
  return (await deps.repo.find(id)) as ExecutionRow;
}

/** Running rows whose heartbeat stopped become failed with reason `stale`. */
export async function cleanupStale(deps: ExecutionCommandDeps): Promise<number[]> {
  const staleBefore = new Date(Date.now() - deps.timings.staleAfterMs);
  const ids: number[] = [];
  for (const row of await deps.repo.findStaleRunning(staleBefore)) {
    if (await deps.repo.failIfStale(row.id, staleBefore)) ids.push(row.id);
  }
  return ids;
}

export interface TriggerStuckResult {
  count: number;
  successful: number;
  failed: number;
  skipped: Array<{ execution_id: number; reason: string; pending_seconds: number }>;
  queued_execution_ids: number[];
}

/** Re-dispatches stuck pending rows, one workflow task each; it only queues work, never runs the pipeline. */
export async function triggerStuck(deps: ExecutionCommandDeps): Promise<TriggerStuckResult> {
  const now = Date.now();
  const result: TriggerStuckResult = { count: 0, successful: 0, failed: 0, skipped: [], queued_execution_ids: [] };
  for (const row of await deps.repo.findPendingNeverStarted()) {
    const pendingSeconds = Math.round((now - row.createdAt.getTime()) / 1000);
    if (!isStuckPending(row, deps.timings, now)) {
      const window = (row.isEvalRun ? deps.timings.evalStuckPendingAfterMs : deps.timings.stuckPendingAfterMs) / 1000;
      result.skipped.push({ execution_id: row.id, reason: `pending ${pendingSeconds}s, inside its ${window}s window`, pending_seconds: pendingSeconds });
      continue;
    }
    result.count += 1;
    try {
      await dispatch(deps, row);
      result.successful += 1;
      result.queued_execution_ids.push(row.id);
    } catch (error) {
      result.failed += 1;
      deps.logger.error({ err: error, executionId: row.id }, 'could not re-queue a stuck execution');
    }
  }
  return result;
}
