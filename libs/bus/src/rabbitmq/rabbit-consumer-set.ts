import type { ChannelModel } from 'amqplib';
import type { Subscription } from '../bus';
import type { BusLogger } from '../logger';
import type { RabbitConnection } from './rabbit-connection';
import { RabbitConsumer, type ConsumerSpec } from './rabbit-consumer';

/** The bus's live consumers: started once, re-attached to every new connection, cancelled on close. */
export class RabbitConsumerSet {
  private readonly consumers = new Set<RabbitConsumer>();

  constructor(
    private readonly connection: RabbitConnection,
    private readonly connectTimeoutMs: number,
    private readonly logger: BusLogger,
  ) {}

  /** Attaches every consumer to a new connection (the connection calls this on each connect). */
  async attachAll(model: ChannelModel): Promise<void> {
    for (const consumer of this.consumers) await consumer.attach(model);
  }

  /** Starts a consumer, riding out a connection lost while it is being declared. */
  async start(spec: ConsumerSpec): Promise<Subscription> {
    const { connection } = this;
    const consumer = new RabbitConsumer(spec, () => connection.current(), this.logger);
    this.consumers.add(consumer);
    const deadline = Date.now() + this.connectTimeoutMs;
    for (;;) {
      const model = await connection.waitForModel(deadline, `consume from "${spec.queue}"`).catch(async (error: unknown) => {
        this.consumers.delete(consumer);
        throw error;
      });
      try {
        await consumer.attach(model);
        break;
      } catch (error) {
        if (connection.current() === model || Date.now() >= deadline) {
          this.consumers.delete(consumer);
          await consumer.cancel();
          throw error;
        }
      }
    }
    return {
      cancel: async () => {
        this.consumers.delete(consumer);
        await consumer.cancel();
      },
    };
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.cancel()));
    this.consumers.clear();
  }
}
