import type { ExecutionStatusValue } from '@huntforge/contracts';
import { ActiveExecutionExistsError, type CreatedExecution } from '../../repositories/execution-repository';
import { type ExecutionCommandDeps, ActiveExecutionRefusal, notFound, invalidTransition, dispatch } from '../execution-deps';

/** A new execution for the same article and config snapshot, from a failed or cancelled one. */
export async function retryExecution(deps: ExecutionCommandDeps, id: number): Promise<CreatedExecution> {
  const row = await deps.repo.find(id);
  if (!row) throw notFound('execution', id);
  const allowed: ExecutionStatusValue[] = ['failed', 'cancelled'];
  if (!allowed.includes(row.status)) throw invalidTransition(row, 'retry', allowed);
  let execution: CreatedExecution;
  try {
    execution = await deps.repo.create({
      articleId: row.articleId,
      configSnapshot: row.configSnapshot,
      configVersion: row.configVersion,
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
