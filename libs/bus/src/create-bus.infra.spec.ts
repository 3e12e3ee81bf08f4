import { Writable } from 'node:stream';
import pino from 'pino';
import { createBus } from './create-bus';
import type { BusLogger } from './logger';
import { createRabbitBus } from './rabbitmq/rabbit-bus';
import { infraUrl, waitFor } from '@huntforge/test-kit';

describe('createBus', () => {
  it('gives the in-process bus when no AMQP URL is configured', async () => {
    const bus = await createBus({ amqpUrl: '  ' });
    expect(bus.kind).toBe('in-process');
    expect(bus.isConnected()).toBe(true);
    await bus.close();
  });

  it('accepts a pino logger as its logger', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger: BusLogger = pino({ level: 'debug' }, sink);
    const bus = await createBus({ logger });
    await bus.subscribe(
      'q',
      ['t'],
      async () => {
        throw new Error('nope');
      },
      { maxAttempts: 1 },
    );
    await bus.publish('t', {});
    await waitFor('the dead-letter log line', () => lines.some((line) => line.includes('handler failed on the last attempt')));
    await bus.close();
    expect(JSON.parse(lines.find((line) => line.includes('last attempt')) ?? '{}')).toMatchObject({ queue: 'q', reason: 'nope' });
  });

  const rabbitUrl = infraUrl('rabbitmq');
  (rabbitUrl ? it : it.skip)('gives the RabbitMQ bus when an AMQP URL is configured', async () => {
    const bus = await createBus({ amqpUrl: rabbitUrl ?? '' });
    try {
      expect(bus.kind).toBe('rabbitmq');
      expect(bus.isConnected()).toBe(true);
    } finally {
      await bus.close();
    }
    expect(bus.isConnected()).toBe(false);
  });

  it('fails clearly when the broker cannot be reached', async () => {
    await expect(
      createRabbitBus({ url: 'amqp://guest:secret@127.0.0.1:1', connectTimeoutMs: 300, reconnectBaseDelayMs: 50 }),
    ).rejects.toThrow(/^cannot connect to RabbitMQ at amqp:\/\/guest:\*\*\*@127\.0\.0\.1:1/);
  });
});
