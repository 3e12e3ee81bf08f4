import { EXECUTION_ERROR_CODES } from '@huntforge/contracts/executions';
import { HttpError } from '@huntforge/platform';
import { ActiveExecutionExistsError, ExecutionArticleMissingError, type CreatedExecution } from '../../repositories/execution-repository';
import { type ExecutionCommandDeps, ActiveExecutionRefusal, notFound, isStuckPending, dispatch } from '../execution-deps';

export interface TriggerResult {
  execution: CreatedExecution;
  replacedStuckId?: number;
}

/**
 * Starts a run for an article. Without `force` the hunt score must be strictly above the auto-trigger
 * threshold. An active execution refuses, unless it is a stuck pending row: that one is failed and a
 * fresh execution starts.
 */
export async function triggerExecution(
  deps: ExecutionCommandDeps,
  articleId: number,
  options: { force: boolean; triggeredBy: 'auto' | 'manual' },
): Promise<TriggerResult> {
  const config = await deps.config.active();
  if (!options.force) {
    // With force the score does not matter, and the foreign key answers whether the article exists.
    const article = await deps.articleHuntScore(articleId);
    if (!article) throw notFound('article', articleId);
    if (!(article.huntScore > config.autoTriggerThreshold)) {
      throw new HttpError(
        422,
        EXECUTION_ERROR_CODES.huntScoreBelowThreshold,
        `hunt score ${article.huntScore} is not above the auto-trigger threshold ${config.autoTriggerThreshold}; retry with force=true to run it anyway`,
        { hunt_score: article.huntScore, auto_trigger_hunt_score_threshold: config.autoTriggerThreshold },
      );
    }
  }
  const create = () =>
    deps.repo
      .create({ articleId, configSnapshot: config.snapshot, configVersion: config.version, triggeredBy: options.triggeredBy })
      .catch((error: unknown) => {
        throw error instanceof ExecutionArticleMissingError ? notFound('article', articleId) : error;
      });
  let replacedStuckId: number | undefined;
  let execution: CreatedExecution;
  try {
    // The common case has no active run: the one-active-per-article index is the check.
    execution = await create();
  } catch (error) {
    if (!(error instanceof ActiveExecutionExistsError)) throw error;
    const active = await deps.repo.findActiveForArticle(articleId);
    if (active && !isStuckPending(active, deps.timings)) throw new ActiveExecutionRefusal(active);
    if (active && (await deps.repo.failStuckPending(active.id))) {
      replacedStuckId = active.id;
      deps.logger.warn({ executionId: active.id, articleId }, 'stuck pending execution failed; starting a fresh one');
    }
    try {
      execution = await create();
    } catch (retryError) {
      if (!(retryError instanceof ActiveExecutionExistsError)) throw retryError;
      // Lost a race with a concurrent trigger: report the winner.
      const winner = await deps.repo.findActiveForArticle(articleId);
      if (winner) throw new ActiveExecutionRefusal(winner);
      throw retryError;
    }
  }
  await dispatch(deps, execution);
  return { execution, ...(replacedStuckId ? { replacedStuckId } : {}) };
}
