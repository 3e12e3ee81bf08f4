import type { Envelope } from '@huntforge/contracts/messages';
import type { Bus, MessageHandler, QueueStats, RequestHandler, RequestOptions, SubscribeOptions, Subscription } from '../bus';
import { noBusMetrics, type BusMetrics } from '../bus-metrics';
import type { DeadLetter } from '../dead-letter';
import { assertValidTopic, createEnvelope, encodeEnvelope } from '../envelope-codec';
import { BusClosedError } from '../errors';
import { silentLogger, type BusLogger } from '../logger';
import { jsonCopy } from '../json-copy';
import { answerEnvelope, answerRequest, copyReply, PendingReplies } from '../request-reply';
import { defaultMaxAttempts, defaultPrefetch, defaultRequestTimeoutMs, positiveInteger, resolveRetryPolicy } from '../retry-policy';
import { InProcessQueue, type QueuedMessage } from './in-process-queue';
import { subscriptionDelivery } from './subscription-delivery';
import { TopicRouter } from './topic-router';

export interface InProcessBusOptions {
  logger?: BusLogger;
  /** Delay before the second delivery of a failing message; doubles per attempt (default 1000). */
  retryBaseDelayMs?: number;
  /** Upper bound of the retry delay (default 60000). */
  maxRetryDelayMs?: number;
  /** Request timeout when the caller gives none (default 10000). */
  defaultRequestTimeoutMs?: number;
  /** Told of every publish and delivery (none by default). */
  metrics?: BusMetrics;
}

export interface InProcessBus extends Bus {
  readonly kind: 'in-process';
  /** The dead letters of `queue`, oldest first. */
  peekDeadLetters(queue: string, limit?: number): Promise<DeadLetter[]>;
  /**
   * Routes a body verbatim, as a foreign publisher on a RabbitMQ exchange could; lets tests prove that
   * malformed messages are dead-lettered.
   */
  publishRaw(topic: string, body: string): Promise<void>;
}

interface Handle {
  cancel(): Promise<void>;
}

function queueNamed(queues: Map<string, InProcessQueue>, key: string, name: string): InProcessQueue {
  let queue = queues.get(key);
  if (!queue) {
    queue = new InProcessQueue(name);
    queues.set(key, queue);
  }
  return queue;
}

/** A subscription the bus cancels on close, unless its owner cancels it first. */
function tracked(handles: Set<Handle>, handle: Handle): Subscription {
  handles.add(handle);
  return {
    cancel: async () => {
      handles.delete(handle);
      await handle.cancel();
    },
  };
}

/** The bus of the all-in-one shape: RabbitMQ topic semantics inside one process, without durability. */
export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? noBusMetrics;
  const retry = resolveRetryPolicy(options);
  const requestTimeoutMs = options.defaultRequestTimeoutMs ?? defaultRequestTimeoutMs;
  const queues = new Map<string, InProcessQueue>();
  const requestQueues = new Map<string, InProcessQueue>();
  const router = new TopicRouter();
  const handles = new Set<Handle>();
  const pendingReplies = new PendingReplies();
  let closed = false;

  const requestQueueOf = (key: string): InProcessQueue => queueNamed(requestQueues, key, `request:${key}`);

  const ensureOpen = (operation: string): void => {
    if (closed) throw new BusClosedError(operation);
  };

  const route = (topic: string, content: { body: string } | { envelope: Envelope<unknown> }): void => {
    for (const queue of router.queuesOf(topic)) queue.enqueue({ ...content, attempt: 1 });
  };

  const track = (handle: Handle): Subscription => tracked(handles, handle);

  const bus: InProcessBus = {
    kind: 'in-process',

    async publish<T>(topic: string, payload: T, publishOptions?: { id?: string }): Promise<Envelope<T>> {
      ensureOpen(`publish to "${topic}"`);
      // A routed topic was validated when it was first routed.
      if (!router.knows(topic)) assertValidTopic(topic);
      const envelope = createEnvelope(topic, payload, publishOptions?.id);
      // What RabbitMQ would carry, taken now: the publisher may change its payload once this returns.
      route(topic, { envelope: jsonCopy(envelope) as Envelope<unknown> });
      metrics.published(topic);
      return envelope;
    },

    async publishRaw(topic: string, body: string): Promise<void> {
      ensureOpen(`publish to "${topic}"`);
      route(topic, { body });
    },

    async subscribe<T>(
      queueName: string,
      patterns: string[],
      handler: MessageHandler<T>,
      subscribeOptions: SubscribeOptions = {},
    ): Promise<Subscription> {
      ensureOpen(`subscribe "${queueName}"`);
      const prefetch = positiveInteger('prefetch', subscribeOptions.prefetch ?? defaultPrefetch);
      const maxAttempts = positiveInteger('maxAttempts', subscribeOptions.maxAttempts ?? defaultMaxAttempts);
      const queue = queueNamed(queues, queueName, queueName);
      for (const pattern of patterns) router.bind(queue, pattern);
      const handle: MessageHandler<unknown> = (message) => handler(message as Envelope<T>);
      const deliver = subscriptionDelivery({ queueName, queue, maxAttempts, retry, handler: handle, logger, metrics });
      return track(queue.addConsumer(deliver, prefetch));
    },

    async request<Req, Res>(key: string, payload: Req, requestOptions: RequestOptions = {}): Promise<Res> {
      ensureOpen(`request "${key}"`);
      const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs;
      const envelope = createEnvelope(key, payload);
      const reply = pendingReplies.wait(envelope.id, key, timeoutMs);
      // As on RabbitMQ, a request waits in its key's queue until a responder takes it or it expires. It is read by
      // one responder once: the copy taken now is that responder's. An empty key makes an envelope the schema
      // refuses: sent as text, the responder refuses it as it would on RabbitMQ.
      requestQueueOf(key).enqueue({
        ...(key === '' ? { body: encodeEnvelope(envelope) } : { envelope: jsonCopy(envelope) as Envelope<unknown> }),
        attempt: 1,
        correlationId: envelope.id,
        expiresAt: Date.now() + timeoutMs,
      });
      pendingReplies.markSent(envelope.id);
      return (await reply) as Res;
    },

    async respond<Req, Res>(key: string, handler: RequestHandler<Req, Res>): Promise<Subscription> {
      ensureOpen(`respond to "${key}"`);
      const queue = requestQueueOf(key);
      const untypedHandler: RequestHandler<unknown, unknown> = (payload) => handler(payload as Req);
      const deliver = async (message: QueuedMessage): Promise<void> => {
        const reply = message.envelope
          ? await answerEnvelope(key, message.envelope, untypedHandler, logger)
          : await answerRequest(key, message.body, untypedHandler, logger);
        // Copied as JSON would copy it, so a reply has the same shape it would have on RabbitMQ.
        if (message.correlationId) pendingReplies.settle(message.correlationId, copyReply(reply));
      };
      return track(queue.addConsumer(deliver, defaultPrefetch));
    },

    async inspect(queueName: string): Promise<QueueStats> {
      return queues.get(queueName)?.stats() ?? { messages: 0, consumers: 0, deadLettered: 0 };
    },

    async peekDeadLetters(queueName: string, limit = Number.POSITIVE_INFINITY): Promise<DeadLetter[]> {
      return (queues.get(queueName)?.deadLetters() ?? []).slice(0, limit);
    },

    isConnected(): boolean {
      return !closed;
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...handles].map((handle) => handle.cancel()));
      handles.clear();
      for (const queue of [...queues.values(), ...requestQueues.values()]) queue.dispose();
      pendingReplies.failAll(new BusClosedError('receive a reply'));
      logger.info({}, 'bus: in-process bus closed');
    },
  };
  return bus;
}
