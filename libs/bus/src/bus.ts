import type { Envelope } from '@huntforge/contracts/messages';

export type MessageHandler<T = unknown> = (message: Envelope<T>) => Promise<void>;
export type RequestHandler<Req = unknown, Res = unknown> = (payload: Req) => Promise<Res>;

export interface SubscribeOptions {
  /** Messages handed to this consumer at once (default 10). */
  prefetch?: number;
  /** Deliveries before a failing message is dead-lettered (default 5). */
  maxAttempts?: number;
}

export interface RequestOptions {
  timeoutMs?: number;
}

/** Queue depth for health reporting (`/api/health/celery`). */
export interface QueueStats {
  /** Messages waiting to be delivered (not counting those in flight or waiting for a retry). */
  messages: number;
  /** Active consumers on the queue. */
  consumers: number;
  /** Messages that exhausted their attempts or were malformed. */
  deadLettered: number;
}

export interface Subscription {
  /** Stops consuming; messages in flight finish first. */
  cancel(): Promise<void>;
}

/**
 * A topic bus with RabbitMQ semantics. `publish` resolves once the broker has confirmed the message;
 * a handler's message is acknowledged only after the handler resolves; a failing handler's message is
 * retried with backoff, then dead-lettered with the reason.
 */
export interface Bus {
  readonly kind: 'rabbitmq' | 'in-process';
  publish<T>(topic: string, payload: T, options?: { id?: string }): Promise<Envelope<T>>;
  subscribe<T>(queue: string, patterns: string[], handler: MessageHandler<T>, options?: SubscribeOptions): Promise<Subscription>;
  request<Req, Res>(key: string, payload: Req, options?: RequestOptions): Promise<Res>;
  respond<Req, Res>(key: string, handler: RequestHandler<Req, Res>): Promise<Subscription>;
  /** Depth, consumers and dead letters of a subscription queue; zeros for a queue never declared. */
  inspect(queue: string): Promise<QueueStats>;
  /** Readiness: true while connected to the broker (always true in-process until closed). */
  isConnected(): boolean;
  /** Waits for in-flight handlers, then disconnects. */
  close(): Promise<void>;
}
