import type { Bus } from '@huntforge/bus';
import { QUEUES } from '@huntforge/contracts';
import type { WorkerHealthResponse } from '@huntforge/contracts/http';

/**
 * The spec calls background-worker health "celery": here it is the workflow execution queue. No
 * consumer means queued executions will not run (down); dead letters mean some failed for good and
 * need a look (degraded).
 */
export interface WorkerHealthDeps {
  bus: Pick<Bus, 'isConnected' | 'inspect'>;
}

export async function workerHealth(deps: WorkerHealthDeps, command: { checkedAt: Date }): Promise<WorkerHealthResponse> {
  const { bus } = deps;
  const { checkedAt } = command;
  const queue = QUEUES.workflowExecutions;
  const base = { checked_at: checkedAt.toISOString(), queue };
  const unknown = { ...base, status: 'down', consumers: 0, queue_depth: 0, dead_lettered: 0 } as const;
  if (!bus.isConnected()) return unknown;
  let stats: Awaited<ReturnType<Bus['inspect']>>;
  try {
    stats = await bus.inspect(queue);
  } catch {
    return unknown;
  }
  const status = stats.consumers === 0 ? 'down' : stats.deadLettered > 0 ? 'degraded' : 'up';
  return { ...base, status, consumers: stats.consumers, queue_depth: stats.messages, dead_lettered: stats.deadLettered };
}
