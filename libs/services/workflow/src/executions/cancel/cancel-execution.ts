import { TOPICS } from '@huntforge/contracts';
import type { ExecutionStatusValue } from '@huntforge/contracts/executions';
import type { ExecutionRow } from '../../pipeline/pipeline-port';
import { type ExecutionCommandDeps, notFound, invalidTransition } from '../execution-deps';

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
