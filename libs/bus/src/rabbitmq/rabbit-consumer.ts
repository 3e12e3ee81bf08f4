import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { describeError, type BusLogger } from '../logger';

/** What a consumer's handler gets besides the message. */
export interface DeliveryContext {
  channel: Channel;
  /** Acknowledges the message; a no-op when its channel is already gone (the broker will redeliver). */
  ack(): void;
  /** False once the channel that delivered the message closed: the broker redelivers it elsewhere. */
  channelOpen(): boolean;
}

export interface ConsumerSpec {
  /** For logs: the subscription or request key. */
  name: string;
  queue: string;
  prefetch: number;
  declare(channel: Channel): Promise<void>;
  /** Must not throw; acknowledges through the context. */
  handle(message: ConsumeMessage, context: DeliveryContext): Promise<void>;
}

const reattachDelayMs = 1_000;

/**
 * A consumer on its own channel (so its prefetch is its own) that survives reconnects: the bus
 * re-attaches it to each new connection. Tracks in-flight handlers so `cancel` can wait for them.
 */
export class RabbitConsumer {
  private channel: Channel | null = null;
  private consumerTag: string | null = null;
  private attachedTo: ChannelModel | null = null;
  private attaching: Promise<void> | null = null;
  private cancelled = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly spec: ConsumerSpec,
    private readonly currentModel: () => ChannelModel | null,
    private readonly logger: BusLogger,
  ) {}

  /** Declares the topology and starts consuming on `model`; idempotent per connection. */
  attach(model: ChannelModel): Promise<void> {
    if (this.cancelled) return Promise.resolve();
    if (this.attachedTo === model) return this.attaching ?? Promise.resolve();
    this.attachedTo = model;
    const attaching = this.open(model).catch((error: unknown) => {
      if (this.attachedTo === model) this.attachedTo = null;
      throw error;
    });
    this.attaching = attaching;
    const clear = (): void => {
      if (this.attaching === attaching) this.attaching = null;
    };
    attaching.then(clear, clear);
    return attaching;
  }

  /** Stops consuming, waits for in-flight handlers, closes the channel (unacked messages return to the queue). */
  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.attaching?.catch(() => undefined);
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    this.channel = null;
    if (channel) await channel.close().catch(() => undefined);
  }

  private async open(model: ChannelModel): Promise<void> {
    const channel = await model.createChannel();
    channel.on('error', (error: Error) => {
      this.logger.warn({ consumer: this.spec.name, reason: describeError(error) }, 'bus: consumer channel error');
    });
    channel.on('close', () => this.onChannelClosed(channel, model));
    try {
      await channel.prefetch(this.spec.prefetch);
      await this.spec.declare(channel);
      if (this.cancelled) throw new Error('cancelled while attaching');
      const { consumerTag } = await channel.consume(this.spec.queue, (message) => this.onMessage(channel, message), {
        noAck: false,
      });
      this.channel = channel;
      this.consumerTag = consumerTag;
    } catch (error) {
      await channel.close().catch(() => undefined);
      if (this.cancelled) return;
      throw error;
    }
  }

  private onMessage(channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled us (the queue was deleted): declare it again and resume.
      this.logger.warn({ consumer: this.spec.name }, 'bus: consumer cancelled by the broker; re-attaching');
      if (this.channel === channel) {
        this.channel = null;
        this.consumerTag = null;
        channel.close().catch(() => undefined);
      }
      this.scheduleReattach();
      return;
    }
    const context: DeliveryContext = {
      channel,
      ack: () => {
        try {
          channel.ack(message);
        } catch (error) {
          this.logger.debug({ consumer: this.spec.name, reason: describeError(error) }, 'bus: ack on a closed channel');
        }
      },
      channelOpen: () => this.channel === channel,
    };
    const work = this.spec.handle(message, context).catch((error: unknown) => {
      this.logger.error({ consumer: this.spec.name, reason: describeError(error) }, 'bus: delivery handling failed');
    });
    this.inFlight.add(work);
    void work.then(() => this.inFlight.delete(work));
  }

  private onChannelClosed(channel: Channel, model: ChannelModel): void {
    if (this.channel !== channel) return;
    this.channel = null;
    this.consumerTag = null;
    // A lost connection is restored by the bus's reconnect; a channel closed on a live connection
    // (a channel-level error) is ours to reopen.
    if (!this.cancelled && this.currentModel() === model) this.scheduleReattach();
  }

  /** Retries until attached; gives up only when cancelled or the connection is gone (its reconnect re-attaches). */
  private scheduleReattach(): void {
    if (this.cancelled) return;
    this.attachedTo = null;
    setTimeout(() => {
      const model = this.currentModel();
      if (!model || this.cancelled) return;
      this.attach(model).catch((error: unknown) => {
        this.logger.error({ consumer: this.spec.name, reason: describeError(error) }, 'bus: re-attaching consumer failed');
        this.scheduleReattach();
      });
    }, reattachDelayMs).unref();
  }
}
