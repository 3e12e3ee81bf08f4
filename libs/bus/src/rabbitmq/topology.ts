import type { Channel, Options } from 'amqplib';

/** Where a bus's messages live on the broker. */
export interface Topology {
  exchange: string;
  /** Prepended to every queue name, so that isolated buses (one per test run) can share a broker. */
  queuePrefix: string;
  /** Queue TTL (`x-expires`): unused queues disappear; meant for tests, unset in production. */
  queueExpiresMs?: number;
}

/** Headers the bus sets on messages it moves between queues. */
export const busHeaders = {
  attempt: 'x-huntforge-attempt',
  topic: 'x-huntforge-topic',
  reason: 'x-huntforge-reason',
  attempts: 'x-huntforge-attempts',
  deadLetteredAt: 'x-huntforge-dead-lettered-at',
  queue: 'x-huntforge-queue',
} as const;

export interface SubscriptionQueueNames {
  main: string;
  dead: string;
  retry(delayMs: number): string;
}

export function subscriptionQueueNames(topology: Topology, queue: string): SubscriptionQueueNames {
  const main = `${topology.queuePrefix}${queue}`;
  return { main, dead: `${main}.dead`, retry: (delayMs) => `${main}.retry.${delayMs}ms` };
}

export function requestQueueName(topology: Topology, key: string): string {
  return `${topology.queuePrefix}request.${key}`;
}

function queueOptions(topology: Topology, extra: Options.AssertQueue = {}): Options.AssertQueue {
  return topology.queueExpiresMs === undefined
    ? { durable: true, ...extra }
    : { durable: true, expires: topology.queueExpiresMs, ...extra };
}

export async function declareExchange(channel: Channel, topology: Topology): Promise<void> {
  await channel.assertExchange(topology.exchange, 'topic', { durable: true });
}

/**
 * The main queue bound to its patterns, its dead-letter queue, and one retry queue per backoff delay.
 * A retry queue holds messages for exactly its TTL and then dead-letters them back to the main queue;
 * one queue per delay (rather than per-message expiry) keeps a short delay from waiting behind a long one.
 */
export async function declareSubscription(
  channel: Channel,
  topology: Topology,
  names: SubscriptionQueueNames,
  patterns: readonly string[],
  retryDelaysMs: readonly number[],
): Promise<void> {
  await declareExchange(channel, topology);
  await channel.assertQueue(names.main, queueOptions(topology));
  for (const pattern of patterns) await channel.bindQueue(names.main, topology.exchange, pattern);
  await channel.assertQueue(names.dead, queueOptions(topology));
  for (const delayMs of retryDelaysMs) {
    await channel.assertQueue(
      names.retry(delayMs),
      queueOptions(topology, { messageTtl: delayMs, deadLetterExchange: '', deadLetterRoutingKey: names.main }),
    );
  }
}

export async function declareRequestQueue(channel: Channel, topology: Topology, queue: string): Promise<void> {
  await channel.assertQueue(queue, queueOptions(topology));
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 404;
}
