import type { Bus } from '@huntforge/bus';
import { TOPICS } from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';
import type { ExecutionRow } from '../pipeline/pipeline-port';

export interface DispatchDeps {
  bus: Pick<Bus, 'publish'>;
}

export interface RequeueDeps extends DispatchDeps {
  logger: Pick<Logger, 'error'>;
}

export async function dispatch(deps: DispatchDeps, execution: Pick<ExecutionRow, 'id'>): Promise<void> {
  await deps.bus.publish(TOPICS.workflowExecutionRequested, { execution_id: execution.id });
}

/** Dispatches pending rows again; one that cannot be published is logged (`failure`) and stays pending. */
export async function requeue(
  deps: RequeueDeps,
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
