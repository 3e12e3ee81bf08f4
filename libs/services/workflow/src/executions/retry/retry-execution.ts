import type { ExecutionIdParams, ExecutionStatusValue, RetryRequest, RetryResponse } from '@huntforge/contracts/executions';
import { ActiveExecutionExistsError, type CreatedExecution, type ExecutionRepository } from '../../repositories/execution-repository';
import type { ActiveConfigSource } from '../active-config-source';
import { dispatch, type DispatchDeps } from '../execution-dispatch';
import { ActiveExecutionRefusal, notFound, invalidTransition } from '../execution-refusals';

export interface RetryExecutionDeps extends DispatchDeps {
  executions: Pick<ExecutionRepository, 'find' | 'create' | 'findActiveForArticle'>;
  activeConfig: ActiveConfigSource;
}

/** The execution to retry (route params) and the request body's choice of configuration. */
export type RetryExecutionCommand = ExecutionIdParams & RetryRequest;

/**
 * The configuration a retry runs with: the failed run's snapshot (to reproduce it), or the active one
 * (after fixing what made it fail); an evaluation run stays an evaluation run either way.
 */
async function retryConfig(
  deps: Pick<RetryExecutionDeps, 'activeConfig'>,
  row: { configSnapshot: unknown; configVersion: number | null; isEvalRun: boolean },
  useCurrent: boolean,
) {
  if (!useCurrent) return { snapshot: row.configSnapshot, version: row.configVersion };
  const active = await deps.activeConfig.active();
  const snapshot = row.isEvalRun ? { ...(active.snapshot as Record<string, unknown>), eval_run: true } : active.snapshot;
  return { snapshot, version: active.version };
}

/** A new execution for the same article, from a failed or cancelled one. */
export async function retryExecution(deps: RetryExecutionDeps, command: RetryExecutionCommand): Promise<RetryResponse> {
  const id = command.execution_id;
  const useCurrentConfig = command.use_current_config ?? false;
  const row = await deps.executions.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['failed', 'cancelled'];
  if (!allowed.includes(row.status)) throw invalidTransition(row, 'retry', allowed);
  const config = await retryConfig(deps, row, useCurrentConfig);
  let execution: CreatedExecution;
  try {
    execution = await deps.executions.create({
      articleId: row.articleId,
      configSnapshot: config.snapshot,
      configVersion: config.version,
      triggeredBy: 'retry',
      isEvalRun: row.isEvalRun,
      retryOfId: row.id,
    });
  } catch (error) {
    if (error instanceof ActiveExecutionExistsError) {
      const active = await deps.executions.findActiveForArticle(row.articleId);
      if (active) throw new ActiveExecutionRefusal(active);
    }
    throw error;
  }
  await dispatch(deps, execution);
  const how = useCurrentConfig
    ? `with the active configuration (version ${execution.configVersion ?? 'unknown'})`
    : 'with the same configuration snapshot';
  return {
    success: true,
    execution_id: execution.id,
    status: execution.status,
    retry_of_id: id,
    config_version: execution.configVersion,
    message: `execution ${execution.id} queued as a retry of ${id}, ${how}`,
  };
}
