import type { ExecutionStatusValue } from '@huntforge/contracts/executions';
import { ActiveExecutionExistsError, type CreatedExecution } from '../../repositories/execution-repository';
import { type ExecutionCommandDeps, ActiveExecutionRefusal, notFound, invalidTransition, dispatch } from '../execution-deps';

/**
 * The configuration a retry runs with: the failed run's snapshot (to reproduce it), or the active one
 * (after fixing what made it fail); an evaluation run stays an evaluation run either way.
 */
async function retryConfig(
  deps: ExecutionCommandDeps,
  row: { configSnapshot: unknown; configVersion: number | null; isEvalRun: boolean },
  useCurrent: boolean,
) {
  if (!useCurrent) return { snapshot: row.configSnapshot, version: row.configVersion };
  const active = await deps.config.active();
  const snapshot = row.isEvalRun ? { ...(active.snapshot as Record<string, unknown>), eval_run: true } : active.snapshot;
  return { snapshot, version: active.version };
}

/** A new execution for the same article, from a failed or cancelled one. */
export async function retryExecution(
  deps: ExecutionCommandDeps,
  id: number,
  options: { useCurrentConfig?: boolean } = {},
): Promise<CreatedExecution> {
  const row = await deps.repo.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['failed', 'cancelled'];
  if (!allowed.includes(row.status)) throw invalidTransition(row, 'retry', allowed);
  const config = await retryConfig(deps, row, options.useCurrentConfig ?? false);
  let execution: CreatedExecution;
  try {
    execution = await deps.repo.create({
      articleId: row.articleId,
      configSnapshot: config.snapshot,
      configVersion: config.version,
      triggeredBy: 'retry',
      isEvalRun: row.isEvalRun,
      retryOfId: row.id,
    });
  } catch (error) {
    if (error instanceof ActiveExecutionExistsError) {
      const active = await deps.repo.findActiveForArticle(row.articleId);
      if (active) throw new ActiveExecutionRefusal(active);
    }
    throw error;
  }
  await dispatch(deps, execution);
  return execution;
}
