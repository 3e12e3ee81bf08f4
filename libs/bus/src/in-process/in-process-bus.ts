import type { Envelope } from '@huntforge/contracts';
import type { Bus, MessageHandler, QueueStats, RequestHandler, RequestOptions, SubscribeOptions, Subscription } from '../bus';
import { noBusMetrics, type BusMetrics } from '../bus-metrics';
import type { DeadLetter } from '../dead-letter';
import { runDelivery, type DeliveryOutcome } from '../delivery';
import { assertValidTopic, createEnvelope, encodeEnvelope } from '../envelope-codec';
import { BusClosedError } from '../errors';
import { silentLogger, type BusLogger } from '../logger';
import { answerRequest, decodeReply, encodeReply, PendingReplies } from '../request-reply';
import { defaultMaxAttempts, defaultPrefetch, defaultRequestTimeoutMs, positiveInteger, resolveRetryPolicy } from '../retry-policy';
import { compileTopicPattern, type TopicMatcher } from '../topic-pattern';
import { InProcessQueue, type QueuedMessage } from './in-process-queue';

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

interface Binding {
  queue: InProcessQueue;
  pattern: string;
  matches: TopicMatcher;
}

interface Handle {
  cancel(): Promise<void>;
}

/** The bus of the all-in-one shape: RabbitMQ topic semantics inside one process, without durability. */
export function createInProcessBus(options: InProcessBusOptions = {}): InProcessBus {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? noBusMetrics;
  const retry = resolveRetryPolicy(options);
  const requestTimeoutMs = options.defaultRequestTimeoutMs ?? defaultRequestTimeoutMs;
  const queues = new Map<string, InProcessQueue>();
  const requestQueues = new Map<string, InProcessQueue>();
  const bindings: Binding[] = [];
  const routes = new Map<string, InProcessQueue[]>();
  const handles = new Set<Handle>();
  const pendingReplies = new PendingReplies();
  let closed = false;

  const requestQueueOf = (key: string): InProcessQueue => {
    let queue = requestQueues.get(key);
    if (!queue) {
      queue = new InProcessQueue(`request:${key}`);
      requestQueues.set(key, queue);
    }
    return queue;
  };

  const ensureOpen = (operation: string): void => {
    if (closed) throw new BusClosedError(operation);
  };

  const route = (topic: string): InProcessQueue[] => {
    let targets = routes.get(topic);
    if (!targets) {
      const matched = new Set<InProcessQueue>();
      for (const binding of bindings) if (binding.matches(topic)) matched.add(binding.queue);
      targets = [...matched];
      routes.set(topic, targets);
    }
    return targets;
  };

  const routeBody = (topic: string, body: string, ownEnvelope: boolean): void => {
    for (const queue of route(topic)) queue.enqueue({ body, attempt: 1, ownEnvelope });
  };

  const bind = (queue: InProcessQueue, pattern: string): void => {
    if (bindings.some((b) => b.queue === queue && b.pattern === pattern)) return;
    bindings.push({ queue, pattern, matches: compileTopicPattern(pattern) });
    routes.clear();
  };

  const track = (handle: Handle): Subscription => {
    handles.add(handle);
    return {
      cancel: async () => {
        handles.delete(handle);
        await handle.cancel();
      },
    };
  };

  const bus: InProcessBus = {
    kind: 'in-process',

    async publish<T>(topic: string, payload: T, publishOptions?: { id?: string }): Promise<Envelope<T>> {
      ensureOpen(`publish to "${topic}"`);
      // A routed topic was validated when it was first routed.
      if (!routes.has(topic)) assertValidTopic(topic);
      const envelope = createEnvelope(topic, payload, publishOptions?.id);
      routeBody(topic, encodeEnvelope(envelope), true);
      metrics.published(topic);
      return envelope;
    },

    async publishRaw(topic: string, body: string): Promise<void> {
      ensureOpen(`publish to "${topic}"`);
      routeBody(topic, body, false);
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
      let queue = queues.get(queueName);
      if (!queue) {
        queue = new InProcessQueue(queueName);
        queues.set(queueName, queue);
      }
      for (const pattern of patterns) bind(queue, pattern);
      const target = queue;
      const untypedHandler: MessageHandler<unknown> = (message) => handler(message as Envelope<T>);
      const settle = (message: QueuedMessage, outcome: DeliveryOutcome): void => {
        if (outcome.kind === 'retry') {
          target.enqueueLater({ ...message, attempt: outcome.nextAttempt }, outcome.delayMs);
        } else if (outcome.kind === 'dead-letter') {
          target.deadLetter({
            queue: queueName,
            reason: outcome.reason,
            attempts: outcome.attempts,
            deadLetteredAt: new Date().toISOString(),
            body: message.body,
          });
        }
      };
      const deliver = (message: QueuedMessage): Promise<void> =>
        runDelivery({
          queue: queueName,
          body: message.body,
          attempt: message.attempt,
          maxAttempts,
          retry,
          handler: untypedHandler,
          logger,
          ownEnvelope: message.ownEnvelope,
          metrics,
        }).then((outcome) => settle(message, outcome));
      return track(queue.addConsumer(deliver, prefetch));
    },

    async request<Req, Res>(key: string, payload: Req, requestOptions: RequestOptions = {}): Promise<Res> {
      ensureOpen(`request "${key}"`);
      const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs;
      const envelope = createEnvelope(key, payload);
      const reply = pendingReplies.wait(envelope.id, key, timeoutMs);
      // As on RabbitMQ, a request waits in its key's queue until a responder takes it or it expires.
      requestQueueOf(key).enqueue({
        body: encodeEnvelope(envelope),
        attempt: 1,
        ownEnvelope: true,
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
        const reply = await answerRequest(key, message.body, untypedHandler, logger);
        // Through JSON, so a reply is a copy with the same shape it would have on RabbitMQ.
        if (message.correlationId) pendingReplies.settle(message.correlationId, decodeReply(encodeReply(reply)));
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
