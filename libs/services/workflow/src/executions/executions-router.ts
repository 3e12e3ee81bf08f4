import { Router, type Response } from 'express';
import {
  EXECUTION_ERROR_CODES,
  executionArticleParamsSchema,
  executionIdParamsSchema,
  listExecutionsQuerySchema,
  totalPages,
  triggerQuerySchema,
} from '@huntforge/contracts';
import { HttpError, parseOrThrow } from '@huntforge/platform';
import {
  ActiveExecutionRefusal,
  cancelExecution,
  cleanupStale,
  retryExecution,
  triggerExecution,
  triggerStuck,
  type ExecutionCommandDeps,
} from './execution-commands';
import { toExecutionDetail, toExecutionSummary } from './execution-view';

function refuseActive(res: Response, refusal: ActiveExecutionRefusal): void {
  res.status(409).json({
    error: {
      code: EXECUTION_ERROR_CODES.activeExecution,
      message: `${refusal.message}; wait for it to finish or cancel it first`,
      details: { active_execution_id: refusal.active.id, status: refusal.active.status },
    },
    execution_id: null,
  });
}

async function orRefuse(res: Response, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ActiveExecutionRefusal) return refuseActive(res, error);
    throw error;
  }
}

/** /api/workflow/executions and /api/workflow/articles/:id/trigger. */
export function executionsRouter(deps: ExecutionCommandDeps): Router {
  const router = Router();

  router.get('/api/workflow/executions', async (req, res) => {
    const query = parseOrThrow(listExecutionsQuerySchema, req.query, 'query');
    const { rows, total, byStatus } = await deps.repo.list(query);
    res.json({
      executions: rows.map(toExecutionSummary),
      total,
      page: query.page,
      total_pages: totalPages(total, query.limit),
      limit: query.limit,
      running: byStatus.running ?? 0,
      completed: byStatus.completed ?? 0,
      failed: byStatus.failed ?? 0,
      pending: byStatus.pending ?? 0,
    });
  });

  router.post('/api/workflow/executions/cleanup-stale', async (_req, res) => {
    const ids = await cleanupStale(deps);
    res.json({ count: ids.length, execution_ids: ids, stale_after_seconds: deps.timings.staleAfterMs / 1000 });
  });

  router.post('/api/workflow/executions/trigger-stuck', async (_req, res) => {
    res.json(await triggerStuck(deps));
  });

  router.get('/api/workflow/executions/:execution_id', async (req, res) => {
    const { execution_id: id } = parseOrThrow(executionIdParamsSchema, req.params, 'params');
    const row = await deps.repo.findWithStages(id);
    if (!row) throw new HttpError(404, EXECUTION_ERROR_CODES.executionNotFound, `execution ${id} not found`);
    res.json(toExecutionDetail(row));
  });

  router.post('/api/workflow/executions/:execution_id/retry', async (req, res) => {
    const { execution_id: id } = parseOrThrow(executionIdParamsSchema, req.params, 'params');
    await orRefuse(res, async () => {
      const execution = await retryExecution(deps, id);
      res.status(202).json({
        success: true,
        execution_id: execution.id,
        status: execution.status,
        retry_of_id: id,
        message: `execution ${execution.id} queued as a retry of ${id}`,
      });
    });
  });

  router.post('/api/workflow/executions/:execution_id/cancel', async (req, res) => {
    const { execution_id: id } = parseOrThrow(executionIdParamsSchema, req.params, 'params');
    const row = await cancelExecution(deps, id);
    res.json({ success: true, execution_id: row.id, status: row.status, message: `execution ${id} cancelled` });
  });

  router.post('/api/workflow/articles/:article_id/trigger', async (req, res) => {
    const { article_id: articleId } = parseOrThrow(executionArticleParamsSchema, req.params, 'params');
    const { force } = parseOrThrow(triggerQuerySchema, req.query, 'query');
    await orRefuse(res, async () => {
      const { execution, replacedStuckId } = await triggerExecution(deps, articleId, { force, triggeredBy: 'manual' });
      res.status(202).json({
        success: true,
        execution_id: execution.id,
        status: execution.status,
        message: replacedStuckId
          ? `stuck execution ${replacedStuckId} marked failed; execution ${execution.id} queued`
          : `execution ${execution.id} queued`,
        ...(replacedStuckId ? { replaced_stuck_execution_id: replacedStuckId } : {}),
      });
    });
  });

  return router;
}
