import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import type { BusMetrics } from '../bus-metrics';
import type { DeadLetter } from '../dead-letter';
import { createInProcessBus, type InProcessBus } from '../in-process/in-process-bus';
import type { BusLogger } from '../logger';
import { createRabbitBus, type RabbitBus, type RabbitBusOptions } from '../rabbitmq/rabbit-bus';

export type BusKind = 'in-process' | 'rabbitmq';

/** A bus under test plus what the contract suite needs beyond the Bus interface. */
export interface BusHarness {
  bus: InProcessBus | RabbitBus;
  /** Publishes a body verbatim, as a foreign (possibly broken) publisher would. */
  publishRaw(topic: string, body: string): Promise<void>;
  deadLetters(queue: string): Promise<DeadLetter[]>;
  /** The exchange and queue prefix, for opening a second bus on the same queues (another process, to the broker). */
  isolation: { exchange: string; queuePrefix: string };
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  logger?: BusLogger;
  retryBaseDelayMs?: number;
  maxRetryDelayMs?: number;
  metrics?: BusMetrics;
}

/** A unique exchange and queue prefix, so concurrent suites on one broker never see each other's messages. */
export function isolatedTopology(): { exchange: string; queuePrefix: string } {
  const run = `huntforge-test-${randomUUID().slice(0, 8)}`;
  return { exchange: run, queuePrefix: `${run}.` };
}

export function rabbitTestOptions(url: string, isolation: { exchange: string; queuePrefix: string }): RabbitBusOptions {
  return { url, ...isolation, queueExpiresMs: 120_000, connectTimeoutMs: 5_000, reconnectBaseDelayMs: 50 };
}

async function deleteExchange(url: string, exchange: string): Promise<void> {
  const model = await connect(url);
  try {
    const channel = await model.createChannel();
    await channel.deleteExchange(exchange);
  } finally {
    await model.close().catch(() => undefined);
  }
}

async function publishRawToRabbit(url: string, exchange: string, topic: string, body: string): Promise<void> {
  const model = await connect(url);
  try {
    const channel = await model.createConfirmChannel();
    channel.publish(exchange, topic, Buffer.from(body), { persistent: true });
    await channel.waitForConfirms();
  } finally {
    await model.close().catch(() => undefined);
  }
}

export async function createBusHarness(kind: BusKind, url: string | null, options: HarnessOptions = {}): Promise<BusHarness> {
  const isolation = isolatedTopology();
  if (kind === 'in-process') {
    const bus = createInProcessBus(options);
    return {
      bus,
      isolation,
      publishRaw: (topic, body) => bus.publishRaw(topic, body),
      deadLetters: (queue) => bus.peekDeadLetters(queue),
      dispose: () => bus.close(),
    };
  }
  if (!url) throw new Error('a RabbitMQ harness needs TEST_AMQP_URL');
  const bus = await createRabbitBus({ ...rabbitTestOptions(url, isolation), ...options });
  return {
    bus,
    isolation,
    publishRaw: (topic, body) => publishRawToRabbit(url, isolation.exchange, topic, body),
    deadLetters: (queue) => bus.peekDeadLetters(queue),
    dispose: async () => {
      await bus.close();
      // Queues expire on their own (x-expires); the exchange would linger.
      await deleteExchange(url, isolation.exchange);
    },
  };
}
