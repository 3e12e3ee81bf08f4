import type { BusMetrics, DeliveryOutcome } from '@huntforge/bus';
import type { AppMetrics } from './app-metrics';

const OUTCOME_LABEL: Record<DeliveryOutcome['kind'], string> = { ack: 'ack', retry: 'retry', 'dead-letter': 'dead_letter' };

/** The bus's publish and delivery reports as Prometheus counters per topic or subscription queue. */
export function prometheusBusMetrics(metrics: AppMetrics): BusMetrics {
  const published = metrics.counter({
    name: 'huntforge_bus_messages_published_total',
    help: 'Messages this process published (confirmed by the broker on RabbitMQ), by topic.',
    labelNames: ['topic'],
  });
  const consumed = metrics.counter({
    name: 'huntforge_bus_messages_consumed_total',
    help: 'Messages a subscription handled successfully (acknowledged), by queue.',
    labelNames: ['queue'],
  });
  const retried = metrics.counter({
    name: 'huntforge_bus_messages_retried_total',
    help: 'Deliveries whose handler failed and that were scheduled for another attempt, by queue.',
    labelNames: ['queue'],
  });
  const deadLettered = metrics.counter({
    name: 'huntforge_bus_messages_dead_lettered_total',
    help: 'Messages given up on (malformed, or failed on their last attempt), by queue.',
    labelNames: ['queue'],
  });
  const handlerDuration = metrics.histogram({
    name: 'huntforge_bus_handler_duration_seconds',
    help: 'Time a subscription handler took, by queue and outcome.',
    labelNames: ['queue', 'outcome'],
  });
  const byOutcome = { ack: consumed, retry: retried, 'dead-letter': deadLettered };

  return {
    published: (topic) => published.inc({ topic }),
    delivered: (queue, outcome, handlerSeconds) => {
      byOutcome[outcome].inc({ queue });
      if (handlerSeconds !== null) handlerDuration.observe({ queue, outcome: OUTCOME_LABEL[outcome] }, handlerSeconds);
    },
  };
}
