import { hostname } from 'node:os';
import type { Envelope } from '@huntforge/contracts/messages';
import type { Bus, MessageHandler, QueueStats, RequestHandler, RequestOptions, SubscribeOptions, Subscription } from '../bus';
import { noBusMetrics, type BusMetrics } from '../bus-metrics';
import type { DeadLetter } from '../dead-letter';
import { assertValidTopic, createEnvelope, encodeEnvelope } from '../envelope-codec';
import { BusClosedError } from '../errors';
import { silentLogger, type BusLogger } from '../logger';
import { PendingReplies } from '../request-reply';
import { defaultMaxAttempts, defaultPrefetch, defaultRequestTimeoutMs, positiveInteger, resolveRetryPolicy } from '../retry-policy';
import { contentType, responderSpec, subscriptionSpec } from './consumer-specs';
import { RabbitConnection } from './rabbit-connection';
import { RabbitConsumerSet } from './rabbit-consumer-set';
import { RabbitPublisher } from './rabbit-publisher';
import { RabbitQueueReader } from './rabbit-queue-reader';
import { RabbitRequester } from './rabbit-requester';
import { requestQueueName, type Topology } from './topology';

export interface RabbitBusOptions {
  url: string;
  logger?: BusLogger;
  /** Topic exchange every message goes through (default `huntforge`). */
  exchange?: string;
  /** Prepended to every queue name (default none); isolates buses that share a broker, e.g. test runs. */
  queuePrefix?: string;
  /** Queue TTL for every queue the bus declares (default: queues never expire); for tests. */
  queueExpiresMs?: number;
  /** Delay before the second delivery of a failing message; doubles per attempt (default 1000). */
  retryBaseDelayMs?: number;
  /** Upper bound of the retry delay (default 60000). */
  maxRetryDelayMs?: number;
  /** First reconnect delay; doubles per failed attempt (default 200). */
  reconnectBaseDelayMs?: number;
  /** Upper bound of the reconnect delay (default 5000). */
  maxReconnectDelayMs?: number;
  /** How long starting the bus may wait for the broker (default 10000). */
  connectTimeoutMs?: number;
  /** How long a publish may wait for a connection and its confirm (default 15000). */
  publishTimeoutMs?: number;
  /** Request timeout when the caller gives none (default 10000). */
  defaultRequestTimeoutMs?: number;
  /** Shown in RabbitMQ's connection list (default `huntforge <host> <pid>`). */
  connectionName?: string;
  /** Told of every confirmed publish and every delivery (none by default). */
  metrics?: BusMetrics;
}

export interface RabbitBus extends Bus {
  readonly kind: 'rabbitmq';
  /** Up to `limit` dead letters of `queue`, oldest first, left in place. */
  peekDeadLetters(queue: string, limit?: number): Promise<DeadLetter[]>;
}

/** The bus of the distributed shape, on a RabbitMQ topic exchange. Resolves once connected. */
export async function createRabbitBus(options: RabbitBusOptions): Promise<RabbitBus> {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? noBusMetrics;
  const retry = resolveRetryPolicy(options);
  const topology: Topology = {
    exchange: options.exchange ?? 'huntforge',
    queuePrefix: options.queuePrefix ?? '',
    queueExpiresMs: options.queueExpiresMs,
  };
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const requestTimeoutMs = options.defaultRequestTimeoutMs ?? defaultRequestTimeoutMs;
  const pendingReplies = new PendingReplies();
  let closed = false;

  const connection = new RabbitConnection({
    url: options.url,
    connectionName: options.connectionName ?? `huntforge ${hostname()} ${process.pid}`,
    logger,
    reconnectBaseDelayMs: options.reconnectBaseDelayMs ?? 200,
    maxReconnectDelayMs: options.maxReconnectDelayMs ?? 5_000,
    connectTimeoutMs,
    onConnect: (model): Promise<void> => consumers.attachAll(model),
  });
  const consumers: RabbitConsumerSet = new RabbitConsumerSet(connection, connectTimeoutMs, logger);
  const reader = new RabbitQueueReader(connection, topology, connectTimeoutMs);
  const publisher = new RabbitPublisher(connection, topology, logger, options.publishTimeoutMs ?? 15_000);
  const requester = new RabbitRequester(connection, pendingReplies, logger, topology);
  await connection.start();

  const ensureOpen = (operation: string): void => {
    if (closed) throw new BusClosedError(operation);
  };

  const bus: RabbitBus = {
    kind: 'rabbitmq',

    async publish<T>(topic: string, payload: T, publishOptions?: { id?: string }): Promise<Envelope<T>> {
      ensureOpen(`publish to "${topic}"`);
      assertValidTopic(topic);
      const envelope = createEnvelope(topic, payload, publishOptions?.id);
      await publisher.publish({ exchange: topology.exchange, routingKey: topic }, Buffer.from(encodeEnvelope(envelope)), {
        persistent: true,
        contentType,
        messageId: envelope.id,
        type: envelope.type,
        timestamp: Math.floor(Date.now() / 1000),
      });
      metrics.published(topic);
      return envelope;
    },

    async subscribe<T>(
      queue: string,
      patterns: string[],
      handler: MessageHandler<T>,
      subscribeOptions: SubscribeOptions = {},
    ): Promise<Subscription> {
      ensureOpen(`subscribe "${queue}"`);
      const prefetch = positiveInteger('prefetch', subscribeOptions.prefetch ?? defaultPrefetch);
      const maxAttempts = positiveInteger('maxAttempts', subscribeOptions.maxAttempts ?? defaultMaxAttempts);
      const untypedHandler: MessageHandler<unknown> = (message) => handler(message as Envelope<T>);
      return consumers.start(
        subscriptionSpec({ topology, queue, patterns, prefetch, maxAttempts, retry, handler: untypedHandler, publisher, logger, metrics }),
      );
    },

    async request<Req, Res>(key: string, payload: Req, requestOptions: RequestOptions = {}): Promise<Res> {
      ensureOpen(`request "${key}"`);
      const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs;
      const envelope = createEnvelope(key, payload);
      const reply = pendingReplies.wait(envelope.id, key, timeoutMs);
      requester
        .send(
          requestQueueName(topology, key),
          Buffer.from(encodeEnvelope(envelope)),
          { correlationId: envelope.id, contentType, type: key, expiration: String(timeoutMs) },
          Date.now() + timeoutMs,
        )
        .catch((error: Error) => pendingReplies.fail(envelope.id, error));
      return (await reply) as Res;
    },

    async respond<Req, Res>(key: string, handler: RequestHandler<Req, Res>): Promise<Subscription> {
      ensureOpen(`respond to "${key}"`);
      const untypedHandler: RequestHandler<unknown, unknown> = (payload) => handler(payload as Req);
      return consumers.start(responderSpec(topology, key, defaultPrefetch, untypedHandler, logger));
    },

    inspect(queue: string): Promise<QueueStats> {
      return reader.stats(queue);
    },

    peekDeadLetters(queue: string, limit = 100): Promise<DeadLetter[]> {
      return reader.deadLetters(queue, limit);
    },

    isConnected(): boolean {
      return !closed && connection.isConnected();
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await consumers.cancelAll();
      pendingReplies.failAll(new BusClosedError('receive a reply'));
      await requester.close();
      await publisher.close();
      await connection.close();
      logger.info({}, 'bus: RabbitMQ bus closed');
    },
  };
  return bus;
}
