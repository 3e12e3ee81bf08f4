import type { Channel } from 'amqplib';
import type { QueueStats } from '../bus';
import type { DeadLetter } from '../dead-letter';
import { deadLetterOf } from './message-headers';
import type { RabbitConnection } from './rabbit-connection';
import { isNotFound, subscriptionQueueNames, type Topology } from './topology';

/** Reads a subscription's queues for `inspect` and `peekDeadLetters`, each through a channel of its own. */
export class RabbitQueueReader {
  constructor(
    private readonly connection: RabbitConnection,
    private readonly topology: Topology,
    private readonly connectTimeoutMs: number,
  ) {}

  async stats(queue: string): Promise<QueueStats> {
    const names = subscriptionQueueNames(this.topology, queue);
    const [main, dead] = await Promise.all([this.counts(names.main), this.counts(names.dead)]);
    return { messages: main.messageCount, consumers: main.consumerCount, deadLettered: dead.messageCount };
  }

  async deadLetters(queue: string, limit: number): Promise<DeadLetter[]> {
    const { dead } = subscriptionQueueNames(this.topology, queue);
    try {
      // Unacknowledged gets go back to the queue when the temporary channel closes.
      return await this.withTemporaryChannel(`read dead letters of "${queue}"`, async (channel) => {
        const letters: DeadLetter[] = [];
        while (letters.length < limit) {
          const message = await channel.get(dead, { noAck: false });
          if (message === false) break;
          letters.push(deadLetterOf(message, queue));
        }
        return letters;
      });
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  private async counts(queue: string): Promise<{ messageCount: number; consumerCount: number }> {
    try {
      return await this.withTemporaryChannel(`inspect "${queue}"`, (channel) => channel.checkQueue(queue));
    } catch (error) {
      if (isNotFound(error)) return { messageCount: 0, consumerCount: 0 };
      throw error;
    }
  }

  private async withTemporaryChannel<T>(operation: string, work: (channel: Channel) => Promise<T>): Promise<T> {
    const model = await this.connection.waitForModel(Date.now() + this.connectTimeoutMs, operation);
    const channel = await model.createChannel();
    // A missing queue closes the channel with 404; that is an answer here, not an incident.
    channel.on('error', () => undefined);
    try {
      return await work(channel);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }
}
