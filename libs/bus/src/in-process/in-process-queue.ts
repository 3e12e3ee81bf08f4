import type { Envelope } from '@huntforge/contracts/messages';
import type { QueueStats } from '../bus';
import type { DeadLetter } from '../dead-letter';
import { encodeEnvelope } from '../envelope-codec';

interface QueuedMessageOf {
  /** 1 for the first delivery. */
  attempt: number;
  /** Request messages carry the requester's correlation id and expire with its timeout. */
  correlationId?: string;
  expiresAt?: number;
}

/**
 * A body routed verbatim (`publishRaw`), or an envelope this bus built (`publish`, `request`) held as the copy
 * JSON would make of it (jsonCopy): never turned into text unless it is dead-lettered, and copied again for
 * each delivery, so no consumer sees what the producer or another consumer changes afterwards.
 */
export type QueuedMessage = QueuedMessageOf & ({ body: string; envelope?: undefined } | { envelope: Envelope<unknown>; body?: undefined });

/** The message as text: what a dead letter keeps. */
export function bodyOf(message: QueuedMessage): string {
  return message.envelope ? encodeEnvelope(message.envelope) : message.body;
}

export type Deliver = (message: QueuedMessage) => Promise<void>;

class QueueConsumer {
  inFlight = 0;
  active = true;
  private idleWaiters: Array<() => void> = [];

  constructor(
    readonly deliver: Deliver,
    readonly prefetch: number,
  ) {}

  hasCapacity(): boolean {
    return this.active && this.inFlight < this.prefetch;
  }

  finished(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.idleWaiters.length > 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/**
 * One named queue: a FIFO of ready messages shared by competing consumers, each holding at most
 * `prefetch` messages at once. Dispatch runs in a microtask batch, so a burst of publishes costs one
 * scheduling step rather than one per message. What a delivery's outcome means (ack, retry, dead
 * letter) is the consumer's business; the queue only counts what is in flight.
 */
export class InProcessQueue {
  private ready: QueuedMessage[] = [];
  private head = 0;
  private consumers: QueueConsumer[] = [];
  private nextConsumer = 0;
  private dispatchScheduled = false;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly dead: DeadLetter[] = [];

  constructor(readonly name: string) {}

  enqueue(message: QueuedMessage): void {
    this.ready.push(message);
    this.scheduleDispatch();
  }

  /** Puts a message back after `delayMs`, like a RabbitMQ retry queue whose TTL dead-letters it back. */
  enqueueLater(message: QueuedMessage, delayMs: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.enqueue(message);
    }, delayMs);
    this.retryTimers.add(timer);
  }

  deadLetter(entry: DeadLetter): void {
    this.dead.push(entry);
  }

  deadLetters(): readonly DeadLetter[] {
    return this.dead;
  }

  addConsumer(deliver: Deliver, prefetch: number): { cancel(): Promise<void> } {
    const consumer = new QueueConsumer(deliver, prefetch);
    this.consumers.push(consumer);
    this.scheduleDispatch();
    return {
      cancel: async () => {
        consumer.active = false;
        this.consumers = this.consumers.filter((c) => c !== consumer);
        await consumer.idle();
      },
    };
  }

  stats(): QueueStats {
    return { messages: this.ready.length - this.head, consumers: this.consumers.length, deadLettered: this.dead.length };
  }

  /** Stops pending retries; called once the bus closes (in-process messages do not outlive the process). */
  dispose(): void {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
  }

  private scheduleDispatch(): void {
    if (this.dispatchScheduled) return;
    this.dispatchScheduled = true;
    queueMicrotask(this.dispatch);
  }

  private readonly dispatch = (): void => {
    this.dispatchScheduled = false;
    const now = Date.now();
    while (this.head < this.ready.length) {
      const consumer = this.takeConsumerWithCapacity();
      if (!consumer) break;
      const message = this.ready[this.head];
      this.head++;
      if (message.expiresAt !== undefined && message.expiresAt < now) continue;
      consumer.inFlight++;
      const settle = (): void => {
        consumer.finished();
        if (this.head < this.ready.length) this.scheduleDispatch();
      };
      consumer.deliver(message).then(settle, settle);
    }
    this.compact();
  };

  private takeConsumerWithCapacity(): QueueConsumer | undefined {
    const count = this.consumers.length;
    for (let i = 0; i < count; i++) {
      const index = (this.nextConsumer + i) % count;
      const consumer = this.consumers[index];
      if (consumer.hasCapacity()) {
        this.nextConsumer = (index + 1) % count;
        return consumer;
      }
    }
    return undefined;
  }

  private compact(): void {
    if (this.head === this.ready.length) {
      this.ready = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.head);
      this.head = 0;
    }
  }
}
