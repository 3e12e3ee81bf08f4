import { compileTopicPattern, type TopicMatcher } from '../topic-pattern';
import type { InProcessQueue } from './in-process-queue';

interface Binding {
  queue: InProcessQueue;
  pattern: string;
  matches: TopicMatcher;
}

/**
 * The bindings of the in-process topic exchange: which queues a topic reaches. A topic's queues are remembered
 * until the next binding, so a steady stream of publishes matches each topic against the patterns once.
 */
export class TopicRouter {
  private readonly bindings: Binding[] = [];
  private readonly routes = new Map<string, InProcessQueue[]>();

  /** Whether `topic` was routed before (and so was already validated). */
  knows(topic: string): boolean {
    return this.routes.has(topic);
  }

  bind(queue: InProcessQueue, pattern: string): void {
    if (this.bindings.some((binding) => binding.queue === queue && binding.pattern === pattern)) return;
    this.bindings.push({ queue, pattern, matches: compileTopicPattern(pattern) });
    this.routes.clear();
  }

  queuesOf(topic: string): InProcessQueue[] {
    let targets = this.routes.get(topic);
    if (!targets) {
      const matched = new Set<InProcessQueue>();
      for (const binding of this.bindings) if (binding.matches(topic)) matched.add(binding.queue);
      targets = [...matched];
      this.routes.set(topic, targets);
    }
    return targets;
  }
}
