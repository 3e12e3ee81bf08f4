import type { Bus } from '@huntforge/bus';
import { TOPICS } from '@huntforge/contracts';
import type { Logger } from '@huntforge/platform';

/**
 * Staggered dispatch of evaluation executions. A timer lost with the process is harmless: the rows stay
 * pending and the start-up recovery (or trigger-stuck, after the longer evaluation window) queues them.
 */
export function createEvaluationDispatcher(bus: Bus, logger: Logger) {
  const timers = new Set<NodeJS.Timeout>();
  const publish = (executionId: number) =>
    bus.publish(TOPICS.workflowExecutionRequested, { execution_id: executionId }).catch((error: unknown) => {
      logger.error({ err: error, executionId }, 'evaluation execution could not be queued; it stays pending for recovery');
    });
  return {
    dispatchLater(executionId: number, delayMs: number): void {
      if (delayMs <= 0) {
        void publish(executionId);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        void publish(executionId);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
