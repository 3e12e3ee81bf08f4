import type { Subscription } from '@huntforge/bus';
import { TOPICS, articleIngestedPayloadSchema, type ArticleIngestedPayload } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { ActiveExecutionRefusal, type ExecutionCommandDeps } from './execution-deps';
import { triggerExecution } from './trigger/trigger-execution';

export const AUTO_TRIGGER_QUEUE = 'workflow.auto-trigger';

/**
 * Consumes `article.ingested`: an article starts the workflow by itself only when its hunt score is strictly
 * above the active config's auto_trigger_hunt_score_threshold (default 100, above the 99.9 ceiling: off).
 * Refusals (below threshold, already active) are expected outcomes, logged, and the message is acked.
 */
export async function subscribeAutoTrigger(deps: ExecutionCommandDeps): Promise<Subscription> {
  return deps.bus.subscribe<ArticleIngestedPayload>(AUTO_TRIGGER_QUEUE, [TOPICS.articleIngested], async (message) => {
    const { article_id: articleId } = articleIngestedPayloadSchema.parse(message.payload);
    try {
      const { execution } = await triggerExecution(deps, articleId, { force: false, triggeredBy: 'auto' });
      deps.logger.info({ articleId, executionId: execution.id }, 'auto-triggered workflow execution');
    } catch (error) {
      if (error instanceof ActiveExecutionRefusal || (error instanceof HttpError && error.status < 500)) {
        deps.logger.debug({ articleId, reason: error.message }, 'article not auto-triggered');
        return;
      }
      throw error;
    }
  });
}
