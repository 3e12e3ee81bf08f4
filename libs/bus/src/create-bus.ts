import type { Bus } from './bus';
import { createInProcessBus } from './in-process/in-process-bus';
import type { BusLogger } from './logger';
import { createRabbitBus } from './rabbitmq/rabbit-bus';

export interface BusConfig {
  /** Set: RabbitMQ (the distributed shape). Unset: the in-process bus (all-in-one). */
  amqpUrl?: string;
  logger?: BusLogger;
}

export async function createBus(config: BusConfig): Promise<Bus> {
  const amqpUrl = config.amqpUrl?.trim();
  if (amqpUrl) return createRabbitBus({ url: amqpUrl, logger: config.logger });
  return createInProcessBus({ logger: config.logger });
}
