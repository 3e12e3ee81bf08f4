import { Router } from 'express';
import { executionRoutes as routes } from '@huntforge/contracts/api';
import { EXECUTION_ERROR_CODES } from '@huntforge/contracts/executions';
import { totalPages } from '@huntforge/contracts/http';
import { toExecutionSummary } from '@huntforge/data';
import { HttpError, mountRoute, reply, type Reply } from '@huntforge/platform';
import { ActiveExecutionRefusal, type ExecutionCommandDeps } from '../executions/execution-deps';
import { cancelExecution } from '../executions/cancel/cancel-execution';
import { cleanupStale } from '../executions/cleanup-stale/cleanup-stale';
import { retryExecution } from '../executions/retry/retry-execution';
import { triggerExecution } from '../executions/trigger/trigger-execution';
import { triggerStuck } from '../executions/trigger-stuck/trigger-stuck';
import { toExecutionDetail } from '../executions/execution-view';
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

/** /api/workflow/executions and /api/workflow/articles/:id/trigger. */
export function executionsRouter(deps: ExecutionCommandDeps): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowExecutions, async ({ query }) => {
    const { rows, total, byStatus } = await deps.repo.list(query);
    return {
      executions: rows.map(toExecutionSummary),
      total,
      page: query.page,
      total_pages: totalPages(total, query.limit),
      limit: query.limit,
      running: byStatus.running ?? 0,
      completed: byStatus.completed ?? 0,
      failed: byStatus.failed ?? 0,
      pending: byStatus.pending ?? 0,
    };
  });

  mountRoute(router, routes.postWorkflowExecutionsCleanupStale, async () => {
    const ids = await cleanupStale(deps);
    return { count: ids.length, execution_ids: ids, stale_after_seconds: deps.timings.staleAfterMs / 1000 };
  });

  mountRoute(router, routes.postWorkflowExecutionsTriggerStuck, () => triggerStuck(deps));

  mountRoute(router, routes.getWorkflowExecution, async ({ params }) => {
    const row = await deps.repo.findWithStages(params.execution_id);
    if (!row) throw new HttpError(404, EXECUTION_ERROR_CODES.executionNotFound, `execution ${params.execution_id} not found`);
    return toExecutionDetail(row, deps.modelCallTimeoutMs);
  });

  mountRoute(router, routes.getWorkflowExecutionStix, ({ params }) => executionStix(deps, params.execution_id));

  mountRoute(router, routes.postWorkflowExecutionsRetry, ({ params, body }) =>
    orRefuse(async () => {
      const id = params.execution_id;
      const useCurrentConfig = body.use_current_config ?? false;
      const execution = await retryExecution(deps, id, { useCurrentConfig });
      const how = useCurrentConfig
        ? `with the active configuration (version ${execution.configVersion ?? 'unknown'})`
        : 'with the same configuration snapshot';
      return reply(202, {
        success: true,
        execution_id: execution.id,
        status: execution.status,
        retry_of_id: id,
        config_version: execution.configVersion,
        message: `execution ${execution.id} queued as a retry of ${id}, ${how}`,
      });
    }),
  );

  mountRoute(router, routes.postWorkflowExecutionsCancel, async ({ params }) => {
    const row = await cancelExecution(deps, params.execution_id);
    return { success: true, execution_id: row.id, status: row.status, message: `execution ${params.execution_id} cancelled` };
  });

  mountRoute(router, routes.postWorkflowArticlesTrigger, ({ params, query }) =>
    orRefuse(async () => {
      const { execution, replacedStuckId } = await triggerExecution(deps, params.article_id, { force: query.force, triggeredBy: 'manual' });
      return reply(202, {
        success: true,
        execution_id: execution.id,
        status: execution.status,
        message: replacedStuckId
          ? `stuck execution ${replacedStuckId} marked failed; execution ${execution.id} queued`
          : `execution ${execution.id} queued`,
        ...(replacedStuckId ? { replaced_stuck_execution_id: replacedStuckId } : {}),
      });
    }),
  );

  return router;
}
