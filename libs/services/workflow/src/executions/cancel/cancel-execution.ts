import type { Bus } from '@huntforge/bus';
import { TOPICS } from '@huntforge/contracts';
import type { ExecutionActionResponse, ExecutionIdParams, ExecutionStatusValue } from '@huntforge/contracts/executions';
import type { ExecutionRow } from '../../pipeline/pipeline-port';
import type { ExecutionRepository } from '../../repositories/execution-repository';
import { notFound, invalidTransition } from '../execution-refusals';

export interface CancelExecutionDeps {
  executions: Pick<ExecutionRepository, 'find' | 'endActive'>;
  bus: Pick<Bus, 'publish'>;
}

/** Cancels a pending or running execution; its worker sees the status on its next heartbeat and stops. */
export async function cancelExecution(deps: CancelExecutionDeps, command: ExecutionIdParams): Promise<ExecutionActionResponse> {
  const id = command.execution_id;
  const row = await deps.executions.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['pending', 'running'];
  if (!(await deps.executions.endActive(id, 'cancelled', 'cancelled'))) {
    const now = (await deps.executions.find(id)) ?? row;
    throw invalidTransition(now, 'cancel', allowed);
  }
  await deps.bus.publish(TOPICS.workflowExecutionFinished, { execution_id: id, status: 'cancelled' });
  const cancelled = (await deps.executions.find(id)) as ExecutionRow;
  return { success: true, execution_id: cancelled.id, status: cancelled.status, message: `execution ${id} cancelled` };
}
