import type { Bus, Subscription } from '@huntforge/bus';
import { TOPICS, articleIngestedPayloadSchema, type ArticleIngestedPayload } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { ActiveExecutionRefusal } from './execution-refusals';
import { triggerExecution, type TriggerExecutionDeps } from './trigger/trigger-execution';

export const AUTO_TRIGGER_QUEUE = 'workflow.auto-trigger';

export interface AutoTriggerDeps extends Omit<TriggerExecutionDeps, 'bus' | 'logger'> {
  bus: Pick<Bus, 'publish' | 'subscribe'>;
  logger: Pick<Logger, 'warn' | 'info' | 'debug'>;
}

/**
 * Consumes `article.ingested`: an article starts the workflow by itself only when its hunt score is strictly
 * above the active config's auto_trigger_hunt_score_threshold (default 100, above the 99.9 ceiling: off).
 * Refusals (below threshold, already active) are expected outcomes, logged, and the message is acked.
 */
export async function subscribeAutoTrigger(deps: AutoTriggerDeps): Promise<Subscription> {
  return deps.bus.subscribe<ArticleIngestedPayload>(AUTO_TRIGGER_QUEUE, [TOPICS.articleIngested], async (message) => {
    const { article_id: articleId } = articleIngestedPayloadSchema.parse(message.payload);
    try {
      const { execution_id: executionId } = await triggerExecution(deps, { article_id: articleId, force: false, triggered_by: 'auto' });
      deps.logger.info({ articleId, executionId }, 'auto-triggered workflow execution');
    } catch (error) {
      if (error instanceof ActiveExecutionRefusal || (error instanceof HttpError && error.status < 500)) {
        deps.logger.debug({ articleId, reason: error.message }, 'article not auto-triggered');
        return;
      }
      throw error;
    }
  });
}
