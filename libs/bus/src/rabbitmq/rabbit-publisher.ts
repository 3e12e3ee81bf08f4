import type { ConfirmChannel, Options } from 'amqplib';
import { BusClosedError, BusPublishRejectedError, BusUnavailableError } from '../errors';
import { describeError, type BusLogger } from '../logger';
import type { RabbitConnection } from './rabbit-connection';
import { declareExchange, type Topology } from './topology';
import { SingleFlight } from './single-flight';

export interface PublishTarget {
  exchange: string;
  routingKey: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** amqplib reports a broker nack with this message; anything else means the channel went away. */
function isNack(error: unknown): boolean {
  return error instanceof Error && error.message === 'message nacked';
}

/**
 * Publishes over one confirm channel. A publish resolves on the broker's ack and rejects on its nack;
 * when the channel or connection is lost before the confirm, it waits for the reconnect and publishes
 * again (consumers are idempotent by message id, so a duplicate is harmless, a loss is not).
 */
export class RabbitPublisher {
  private channel: ConfirmChannel | null = null;
  private readonly opening = new SingleFlight<ConfirmChannel>();
  private drained: Promise<void> | null = null;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly connection: RabbitConnection,
    private readonly topology: Topology,
    private readonly logger: BusLogger,
    private readonly timeoutMs: number,
  ) {}

  publish(target: PublishTarget, content: Buffer, options: Options.Publish): Promise<void> {
    if (this.closed) return Promise.reject(new BusClosedError(`publish to "${target.routingKey}"`));
    const work = this.publishUntilConfirmed(target, content, options);
    this.inFlight.add(work);
    const forget = (): void => {
      this.inFlight.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /** Waits for publishes awaiting their confirm, then closes the channel. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    const channel = this.channel;
    this.channel = null;
    if (channel) await channel.close().catch(() => undefined);
  }

  private async publishUntilConfirmed(target: PublishTarget, content: Buffer, options: Options.Publish): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      let lastError: unknown;
      try {
        const channel = await this.openChannel(deadline);
        await this.publishOnce(channel, target, content, options);
        return;
      } catch (error) {
        if (error instanceof BusPublishRejectedError || error instanceof BusClosedError) throw error;
        lastError = error;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new BusUnavailableError(
          `could not publish to "${target.routingKey}" within ${this.timeoutMs} ms: ${describeError(lastError)}`,
          { cause: lastError },
        );
      }
      this.logger.debug({ routingKey: target.routingKey, attempt, reason: describeError(lastError) }, 'bus: publishing again');
      await sleep(Math.min(remaining, 50 * 2 ** Math.min(attempt, 5)));
    }
  }

  private async publishOnce(channel: ConfirmChannel, target: PublishTarget, content: Buffer, options: Options.Publish): Promise<void> {
    if (this.drained) await this.drained;
    await new Promise<void>((resolve, reject) => {
      const written = channel.publish(target.exchange, target.routingKey, content, options, (error: unknown) => {
        if (!error) resolve();
        else reject(isNack(error) ? new BusPublishRejectedError(target.routingKey) : error);
      });
      if (!written && !this.drained) this.drained = this.waitForDrain(channel);
    });
  }

  /** amqplib buffers past the socket's high-water mark; further publishes wait for it to drain. */
  private waitForDrain(channel: ConfirmChannel): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        channel.off('drain', done);
        channel.off('close', done);
        this.drained = null;
        resolve();
      };
      channel.on('drain', done);
      channel.on('close', done);
    });
  }

  private openChannel(deadline: number): Promise<ConfirmChannel> {
    if (this.channel) return Promise.resolve(this.channel);
    return this.opening.run(() => this.createChannel(deadline));
  }

  private async createChannel(deadline: number): Promise<ConfirmChannel> {
    const model = await this.connection.waitForModel(deadline, 'publish');
    const channel = await model.createConfirmChannel();
    channel.on('error', (error: Error) => {
      this.logger.warn({ reason: describeError(error) }, 'bus: publish channel error');
    });
    channel.on('close', () => {
      if (this.channel === channel) this.channel = null;
    });
    await declareExchange(channel, this.topology);
    if (this.closed) {
      await channel.close().catch(() => undefined);
      throw new BusClosedError('publish');
    }
    this.channel = channel;
    return channel;
  }
}
