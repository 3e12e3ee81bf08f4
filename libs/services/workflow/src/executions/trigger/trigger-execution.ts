import {
  EXECUTION_ERROR_CODES,
  type ExecutionArticleParams,
  type TriggerQuery,
  type TriggerResponse,
} from '@huntforge/contracts/executions';
import { HttpError, type Logger } from '@huntforge/platform';
import type { ArticleTextReader } from '@huntforge/data';
import {
  ActiveExecutionExistsError,
  ExecutionArticleMissingError,
  type CreatedExecution,
  type ExecutionRepository,
} from '../../repositories/execution-repository';
import type { ActiveConfigSource } from '../active-config-source';
import { isStuckPending, type ExecutionTimings } from '../execution-config';
import { dispatch, type DispatchDeps } from '../execution-dispatch';
import { ActiveExecutionRefusal, notFound } from '../execution-refusals';

export interface TriggerExecutionDeps extends DispatchDeps {
  executions: Pick<ExecutionRepository, 'create' | 'findActiveForArticle' | 'failStuckPending'>;
  /** The article's hunt score (the workflow reads articles, it does not own them). */
  articles: Pick<ArticleTextReader, 'huntScore'>;
  activeConfig: ActiveConfigSource;
  timings: ExecutionTimings;
  logger: Pick<Logger, 'warn'>;
}

/** The route's article and `force`, and who asked: the manual route or the auto-trigger consumer. */
export type TriggerExecutionCommand = ExecutionArticleParams & TriggerQuery & { triggered_by: 'auto' | 'manual' };

/**
 * Starts a run for an article. Without `force` the hunt score must be strictly above the auto-trigger
 * threshold. An active execution refuses, unless it is a stuck pending row: that one is failed and a
 * fresh execution starts.
 */
export async function triggerExecution(deps: TriggerExecutionDeps, command: TriggerExecutionCommand): Promise<TriggerResponse> {
  const { article_id: articleId } = command;
  const config = await deps.activeConfig.active();
  if (!command.force) {
    // With force the score does not matter, and the foreign key answers whether the article exists.
    const article = await deps.articles.huntScore(articleId);
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
    deps.executions
      .create({ articleId, configSnapshot: config.snapshot, configVersion: config.version, triggeredBy: command.triggered_by })
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
    const active = await deps.executions.findActiveForArticle(articleId);
    if (active && !isStuckPending(active, deps.timings)) throw new ActiveExecutionRefusal(active);
    if (active && (await deps.executions.failStuckPending(active.id))) {
      replacedStuckId = active.id;
      deps.logger.warn({ executionId: active.id, articleId }, 'stuck pending execution failed; starting a fresh one');
    }
    try {
      execution = await create();
    } catch (retryError) {
      if (!(retryError instanceof ActiveExecutionExistsError)) throw retryError;
      // Lost a race with a concurrent trigger: report the winner.
      const winner = await deps.executions.findActiveForArticle(articleId);
      if (winner) throw new ActiveExecutionRefusal(winner);
      throw retryError;
    }
  }
  await dispatch(deps, execution);
  return {
    success: true,
    execution_id: execution.id,
    status: execution.status,
    message: replacedStuckId
      ? `stuck execution ${replacedStuckId} marked failed; execution ${execution.id} queued`
      : `execution ${execution.id} queued`,
    ...(replacedStuckId ? { replaced_stuck_execution_id: replacedStuckId } : {}),
  };
}
