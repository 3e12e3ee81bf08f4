import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { createInProcessBus, createRabbitBus, type BusLogger, type InProcessBus, type RabbitBus } from '@huntforge/bus';
import { infraUrl, waitFor } from '@huntforge/test-kit';

export type TestBusKind = 'in-process' | 'rabbitmq';

export interface TestBusOptions {
  logger?: BusLogger;
  /** Short by default so retry paths finish quickly in tests. */
  retryBaseDelayMs?: number;
  maxRetryDelayMs?: number;
}

/** A bus for tests; `close()` also removes its RabbitMQ exchange (its queues expire on their own). */
export type TestBus = InProcessBus | RabbitBus;

/**
 * A bus for service tests. `rabbitmq` connects to TEST_AMQP_URL (see `infraUrl`: it throws under
 * REQUIRE_INFRA when unset) with its own exchange and queue prefix, so suites running side by side on
 * one broker never see each other's messages.
 */
export async function createTestBus(kind: TestBusKind, options: TestBusOptions = {}): Promise<TestBus> {
  const settings = { retryBaseDelayMs: 20, maxRetryDelayMs: 200, ...options };
  if (kind === 'in-process') return createInProcessBus(settings);
  const url = infraUrl('rabbitmq');
  if (!url) throw new Error('createTestBus("rabbitmq") needs TEST_AMQP_URL; guard the suite with describeWithInfra("rabbitmq")');
  const run = `huntforge-test-${randomUUID().slice(0, 8)}`;
  const bus = await createRabbitBus({
    url,
    exchange: run,
    queuePrefix: `${run}.`,
    queueExpiresMs: 120_000,
    connectTimeoutMs: 5_000,
    reconnectBaseDelayMs: 50,
    ...settings,
  });
  const close = bus.close.bind(bus);
  return Object.assign(bus, {
    close: async (): Promise<void> => {
      await close();
      await deleteExchange(url, run);
    },
  });
}

async function deleteExchange(url: string, exchange: string): Promise<void> {
  const model = await connect(url);
  try {
    await (await model.createChannel()).deleteExchange(exchange);
  } finally {
    await model.close().catch(() => undefined);
  }
}

/**
 * Subscribes a recorder to `patterns` on `queue` and resolves once it is consuming; `messages` fills in
 * delivery order, and `waitForCount(n)` waits until at least n arrived.
 */
export async function recordMessages<T = unknown>(
  bus: TestBus,
  queue: string,
  patterns: string[],
): Promise<{ messages: Array<{ id: string; type: string; payload: T }>; waitForCount(count: number, timeoutMs?: number): Promise<void> }> {
  const messages: Array<{ id: string; type: string; payload: T }> = [];
  await bus.subscribe<T>(queue, patterns, async (message) => {
    messages.push({ id: message.id, type: message.type, payload: message.payload });
  });
  return {
    messages,
    waitForCount: (count, timeoutMs) => waitFor(`${count} message(s) on "${queue}"`, () => messages.length >= count, timeoutMs),
  };
}
