import type { Bus } from './bus';
import type { BusMetrics } from './bus-metrics';
import { createInProcessBus } from './in-process/in-process-bus';
import type { BusLogger } from './logger';
import { createRabbitBus } from './rabbitmq/rabbit-bus';

export interface BusConfig {
  /** Set: RabbitMQ (the distributed shape). Unset: the in-process bus (all-in-one). */
  amqpUrl?: string;
  logger?: BusLogger;
  /** Told of every publish and delivery, on either bus. */
  metrics?: BusMetrics;
}

export async function createBus(config: BusConfig): Promise<Bus> {
  const amqpUrl = config.amqpUrl?.trim();
  if (amqpUrl) return createRabbitBus({ url: amqpUrl, logger: config.logger, metrics: config.metrics });
  return createInProcessBus({ logger: config.logger, metrics: config.metrics });
}
