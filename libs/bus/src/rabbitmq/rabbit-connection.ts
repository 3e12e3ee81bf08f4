import { connect, type ChannelModel } from 'amqplib';
import { BusClosedError, BusUnavailableError } from '../errors';
import { describeError, type BusLogger } from '../logger';

export interface RabbitConnectionOptions {
  url: string;
  connectionName: string;
  logger: BusLogger;
  reconnectBaseDelayMs: number;
  maxReconnectDelayMs: number;
  /** How long the first connection may take before the bus gives up starting. */
  connectTimeoutMs: number;
  /** Runs on every new connection before it is handed out; a failure discards the connection and retries. */
  onConnect(model: ChannelModel): Promise<void>;
}

interface Waiter {
  resolve(model: ChannelModel): void;
  reject(error: Error): void;
}

/** The URL without its password, for logs and errors. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable AMQP URL)';
  }
}

/**
 * One AMQP connection that heals itself: when it drops (including the broker closing it), it is
 * reopened with exponential backoff and `onConnect` restores what lived on it before anyone else
 * gets it back.
 */
export class RabbitConnection {
  private model: ChannelModel | null = null;
  private closed = false;
  private readonly waiters = new Set<Waiter>();
  private cancelSleep: (() => void) | null = null;

  constructor(private readonly options: RabbitConnectionOptions) {}

  async start(): Promise<void> {
    await this.establish(Date.now() + this.options.connectTimeoutMs);
  }

  current(): ChannelModel | null {
    return this.model;
  }

  isConnected(): boolean {
    return this.model !== null;
  }

  /** The open connection, waiting for a reconnect until `deadline` (epoch ms). */
  waitForModel(deadline: number, operation: string): Promise<ChannelModel> {
    if (this.closed) return Promise.reject(new BusClosedError(operation));
    if (this.model) return Promise.resolve(this.model);
    return new Promise<ChannelModel>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.waiters.delete(waiter);
          reject(new BusUnavailableError(`RabbitMQ is not reachable: cannot ${operation}`));
        },
        Math.max(0, deadline - Date.now()),
      );
      const waiter: Waiter = {
        resolve: (model) => {
          clearTimeout(timer);
          resolve(model);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelSleep?.();
    for (const waiter of this.waiters) waiter.reject(new BusClosedError('use the connection'));
    this.waiters.clear();
    const model = this.model;
    this.model = null;
    if (model) await model.close().catch(() => undefined);
  }

  private async establish(deadline: number | undefined): Promise<void> {
    const { logger, url } = this.options;
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new BusClosedError('connect');
      try {
        const model = await this.open();
        if (this.closed) {
          await model.close().catch(() => undefined);
          throw new BusClosedError('connect');
        }
        this.model = model;
        for (const waiter of this.waiters) waiter.resolve(model);
        this.waiters.clear();
        logger.info({ url: redactUrl(url), attempt }, 'bus: connected to RabbitMQ');
        return;
      } catch (error) {
        if (this.closed || error instanceof BusClosedError) throw new BusClosedError('connect');
        const delayMs = Math.min(this.options.maxReconnectDelayMs, this.options.reconnectBaseDelayMs * 2 ** (attempt - 1));
        if (deadline !== undefined && Date.now() + delayMs > deadline) {
          throw new BusUnavailableError(`cannot connect to RabbitMQ at ${redactUrl(url)}: ${describeError(error)}`, {
            cause: error,
          });
        }
        logger.warn({ attempt, delayMs, reason: describeError(error) }, 'bus: RabbitMQ connection failed; retrying');
        await this.sleep(delayMs);
      }
    }
  }

  private async open(): Promise<ChannelModel> {
    const model = await connect(this.options.url, { clientProperties: { connection_name: this.options.connectionName } });
    let lostDuringSetup = false;
    model.on('error', (error: Error) => {
      this.options.logger.warn({ reason: describeError(error) }, 'bus: RabbitMQ connection error');
    });
    model.on('close', (error?: Error) => {
      lostDuringSetup = true;
      this.handleClose(model, error);
    });
    try {
      await this.options.onConnect(model);
      if (lostDuringSetup) throw new BusUnavailableError('connection closed while restoring consumers');
      return model;
    } catch (error) {
      await model.close().catch(() => undefined);
      throw error;
    }
  }

  private handleClose(model: ChannelModel, error: Error | undefined): void {
    if (model !== this.model) return;
    this.model = null;
    if (this.closed) return;
    this.options.logger.warn({ reason: error ? describeError(error) : 'closed' }, 'bus: RabbitMQ connection lost; reconnecting');
    this.establish(undefined).catch((reconnectError: unknown) => {
      if (!(reconnectError instanceof BusClosedError)) {
        this.options.logger.error({ reason: describeError(reconnectError) }, 'bus: reconnecting to RabbitMQ stopped');
      }
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cancelSleep = null;
        resolve();
      }, ms);
      this.cancelSleep = () => {
        clearTimeout(timer);
        this.cancelSleep = null;
        resolve();
      };
    });
  }
}
