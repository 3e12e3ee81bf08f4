import type { Logger } from '@huntforge/platform';
import type { ExecutionRepository } from '../../repositories/execution-repository';
import { requeue, type RequeueDeps } from '../execution-dispatch';

export interface RecoverPendingDeps extends RequeueDeps {
  executions: Pick<ExecutionRepository, 'findPendingNeverStarted'>;
  logger: Pick<Logger, 'error' | 'info'>;
}

/**
 * At start: queues again every execution still pending and never started. Their requests may have died
 * with the previous process (the in-process bus keeps nothing across a crash); where the request did
 * survive (RabbitMQ), the worker's conditional claim turns the second copy into a logged skip. Without
 * this a crashed all-in-one left them pending until someone called trigger-stuck, and refused new
 * triggers of their articles meanwhile.
 */
export async function recoverPendingExecutions(deps: RecoverPendingDeps): Promise<number[]> {
  const pending = await deps.executions.findPendingNeverStarted();
  const { queued } = await requeue(deps, pending, 'could not re-queue a pending execution at start');
  if (queued.length > 0) deps.logger.info({ executionIds: queued }, 'pending executions from before this start queued again');
  return queued;
}
