import { Router } from 'express';
import { executionRoutes as routes } from '@huntforge/contracts/api';
import { EXECUTION_ERROR_CODES } from '@huntforge/contracts/executions';
import { mountRoute, reply, type Reply } from '@huntforge/platform';
import type { ExecutionPorts } from '../executions-ports';
import { ActiveExecutionRefusal } from '../executions/execution-refusals';
import { cancelExecution } from '../executions/cancel/cancel-execution';
import { cleanupStale } from '../executions/cleanup-stale/cleanup-stale';
import { getExecution } from '../executions/get/get-execution';
import { listExecutions } from '../executions/list/list-executions';
import { retryExecution } from '../executions/retry/retry-execution';
import { triggerExecution } from '../executions/trigger/trigger-execution';
import { triggerStuck } from '../executions/trigger-stuck/trigger-stuck';
import { executionStix } from '../executions/stix/execution-stix';

/** The 409 for an article that already has an active execution: the error envelope plus `execution_id: null`. */
function refusedAsActive(refusal: ActiveExecutionRefusal) {
  const body = {
    error: {
      code: EXECUTION_ERROR_CODES.activeExecution,
      message: `${refusal.message}; wait for it to finish or cancel it first`,
      details: { active_execution_id: refusal.active.id, status: refusal.active.status },
    },
    execution_id: null,
  };
  return reply(409, body);
}

async function orRefuse<T>(action: () => Promise<Reply<T>>): Promise<Reply<T> | ReturnType<typeof refusedAsActive>> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ActiveExecutionRefusal) return refusedAsActive(error);
    throw error;
  }
}

/** /api/workflow/executions and /api/workflow/articles/:id/trigger: each route's request to its use case's command. */
export function executionsRouter(ports: ExecutionPorts): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowExecutions, ({ query }) => listExecutions(ports, query));

  mountRoute(router, routes.postWorkflowExecutionsCleanupStale, () => cleanupStale(ports));

  mountRoute(router, routes.postWorkflowExecutionsTriggerStuck, () => triggerStuck(ports));

  mountRoute(router, routes.getWorkflowExecution, ({ params }) => getExecution(ports, params));

  mountRoute(router, routes.getWorkflowExecutionStix, ({ params }) => executionStix(ports, params));

  mountRoute(router, routes.postWorkflowExecutionsRetry, ({ params, body }) =>
    orRefuse(async () => reply(202, await retryExecution(ports, { ...body, execution_id: params.execution_id }))),
  );

  mountRoute(router, routes.postWorkflowExecutionsCancel, ({ params }) => cancelExecution(ports, params));

  mountRoute(router, routes.postWorkflowArticlesTrigger, ({ params, query }) =>
    orRefuse(async () => reply(202, await triggerExecution(ports, { ...params, force: query.force, triggered_by: 'manual' }))),
  );

  return router;
}
