import type { Channel, Options } from 'amqplib';
import { BusClosedError, BusUnavailableError } from '../errors';
import { describeError, type BusLogger } from '../logger';
import { decodeReply, type PendingReplies } from '../request-reply';
import type { RabbitConnection } from './rabbit-connection';
import { SingleFlight } from './single-flight';
import { declareRequestQueue, type Topology } from './topology';

/** RabbitMQ's pseudo-queue for replies straight to the requesting channel, without a reply queue. */
const directReplyTo = 'amq.rabbitmq.reply-to';

/**
 * Sends requests over direct reply-to. Requests and their replies must share one channel, so the
 * channel that consumes replies is also the one that publishes requests; when it is lost, the
 * requests already sent can no longer be answered and fail at once instead of waiting to time out.
 * The request queue is declared before the first request on a channel, exactly as the responder declares
 * it: a request sent while no responder has started yet (a peer still booting) waits in the queue until
 * one does or the request expires, instead of being dropped by the broker and timing out unanswered.
 */
export class RabbitRequester {
  private channel: Channel | null = null;
  private declared = new Map<string, Promise<void>>();
  private readonly opening = new SingleFlight<Channel>();
  private closed = false;

  constructor(
    private readonly connection: RabbitConnection,
    private readonly pending: PendingReplies,
    private readonly logger: BusLogger,
    private readonly topology: Topology,
  ) {}

  async send(queue: string, content: Buffer, options: Options.Publish & { correlationId: string }, deadline: number): Promise<void> {
    if (this.closed) throw new BusClosedError(`send a request to "${queue}"`);
    const channel = await this.openChannel(deadline);
    let declared = this.declared.get(queue);
    if (!declared) {
      declared = declareRequestQueue(channel, this.topology, queue);
      this.declared.set(queue, declared);
      declared.catch(() => this.declared.delete(queue));
    }
    await declared;
    channel.sendToQueue(queue, content, { ...options, replyTo: directReplyTo });
    this.pending.markSent(options.correlationId);
  }

  async close(): Promise<void> {
    this.closed = true;
    const channel = this.channel;
    this.channel = null;
    if (channel) await channel.close().catch(() => undefined);
  }

  private openChannel(deadline: number): Promise<Channel> {
    if (this.channel) return Promise.resolve(this.channel);
    return this.opening.run(() => this.createChannel(deadline));
  }

  private async createChannel(deadline: number): Promise<Channel> {
    const model = await this.connection.waitForModel(deadline, 'send a request');
    const channel = await model.createChannel();
    channel.on('error', (error: Error) => {
      this.logger.warn({ reason: describeError(error) }, 'bus: request channel error');
    });
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = null;
      this.declared = new Map();
      this.pending.failSent(new BusUnavailableError('connection to RabbitMQ lost before the reply arrived'));
    });
    await channel.consume(
      directReplyTo,
      (message) => {
        const correlationId = message?.properties.correlationId;
        if (!message || typeof correlationId !== 'string') return;
        if (!this.pending.settle(correlationId, decodeReply(message.content.toString('utf8')))) {
          this.logger.debug({ correlationId }, 'bus: reply arrived after its request gave up');
        }
      },
      { noAck: true },
    );
    this.channel = channel;
    return channel;
  }
}
