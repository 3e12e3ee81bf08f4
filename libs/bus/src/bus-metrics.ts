import type { DeliveryOutcome } from './delivery-outcome';

/**
 * What the bus reports for metrics, at its two choke points: a confirmed publish and a settled delivery.
 * The bus stays free of any metrics library; the platform plugs a Prometheus implementation in.
 * Implementations must not throw: a metrics problem must never fail a publish or a delivery.
 */
export interface BusMetrics {
  /** A message published by this process (confirmed by the broker on RabbitMQ); not retries or dead letters. */
  published(topic: string): void;
  /**
   * One delivery to a subscription's handler and what became of it: acknowledged, sent to retry, or
   * dead-lettered (a malformed message is dead-lettered without reaching the handler: `handlerSeconds` null).
   */
  delivered(queue: string, outcome: DeliveryOutcome['kind'], handlerSeconds: number | null): void;
}

export const noBusMetrics: BusMetrics = {
  published: () => undefined,
  delivered: () => undefined,
};
