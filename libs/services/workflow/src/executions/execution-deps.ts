import type { Bus } from '@huntforge/bus';
import { TOPICS } from '@huntforge/contracts';
import { EXECUTION_ERROR_CODES, type ExecutionStatusValue } from '@huntforge/contracts/executions';
import type { SettingsReader } from '@huntforge/data';
import { HttpError, type Logger } from '@huntforge/platform';
import type { ExecutionRow } from '../pipeline/pipeline-port';
import type { ExecutionLeaseRepository } from '../repositories/execution-lease-repository';
import type { ExecutionRepository } from '../repositories/execution-repository';
import type { ExecutionTimings } from './execution-config';

/** The config a new execution snapshots, and the auto-trigger threshold of the active config. */
export interface ActiveConfigSource {
  active(): Promise<{ version: number | null; snapshot: unknown; autoTriggerThreshold: number }>;
}

export interface ExecutionCommandDeps {
  /** The article's hunt score (the workflow reads articles, it does not own them). */
  articleHuntScore(articleId: number): Promise<{ id: number; huntScore: number } | null>;
  repo: ExecutionRepository;
  /** Workers' leases on running rows (the stale cleanup fails rows whose lease lapsed). */
  leases: ExecutionLeaseRepository;
  bus: Bus;
  logger: Logger;
  config: ActiveConfigSource;
  timings: ExecutionTimings;
  /** The provider timeout of one model call (WORKFLOW_LLM_TIMEOUT_MS), shown on the stages that make one. */
  modelCallTimeoutMs: number;
  /** Runtime settings (the STIX export reads SIGMA_CONVERT_TARGETS); absent: the default targets. */
  settings?: SettingsReader;
}

/** Refusal because the article already has an active, not stuck, execution (409 with execution_id null). */
export class ActiveExecutionRefusal extends Error {
  constructor(readonly active: ExecutionRow) {
    super(`article ${active.articleId} already has an active workflow execution (${active.id}, ${active.status})`);
    this.name = 'ActiveExecutionRefusal';
  }
}

export function notFound(what: 'article' | 'execution', id: number): HttpError {
  const code = what === 'article' ? EXECUTION_ERROR_CODES.articleNotFound : EXECUTION_ERROR_CODES.executionNotFound;
  return new HttpError(404, code, `${what} ${id} not found`);
}

export function isStuckPending(row: ExecutionRow, timings: ExecutionTimings, now = Date.now()): boolean {
  if (row.status !== 'pending' || row.startedAt !== null) return false;
  const window = row.isEvalRun ? timings.evalStuckPendingAfterMs : timings.stuckPendingAfterMs;
  return now - row.createdAt.getTime() > window;
}

export async function dispatch(deps: ExecutionCommandDeps, execution: Pick<ExecutionRow, 'id'>): Promise<void> {
  await deps.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: execution.id });
}

/** Dispatches pending rows again; one that cannot be published is logged (`failure`) and stays pending. */
export async function requeue(
  deps: ExecutionCommandDeps,
  rows: ReadonlyArray<Pick<ExecutionRow, 'id'>>,
  failure: string,
): Promise<{ queued: number[]; failed: number }> {
  const queued: number[] = [];
  for (const row of rows) {
    try {
      await dispatch(deps, row);
      queued.push(row.id);
    } catch (error) {
      deps.logger.error({ err: error, executionId: row.id }, failure);
    }
  }
  return { queued, failed: rows.length - queued.length };
}

export function invalidTransition(row: ExecutionRow, action: string, allowed: ExecutionStatusValue[]): HttpError {
  return new HttpError(
    409,
    EXECUTION_ERROR_CODES.invalidTransition,
    `cannot ${action} execution ${row.id}: it is ${row.status} (allowed from ${allowed.join(' or ')})`,
    { execution_id: row.id, status: row.status, allowed_from: allowed },
  );
}
