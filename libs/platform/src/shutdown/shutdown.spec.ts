import { EventEmitter } from 'node:events';
import { captureLogs, type LogCapture } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { createShutdown, type Shutdown } from './shutdown';

describe('createShutdown', () => {
  let logs: LogCapture;
  let exits: number[];
  // Stands in for process: the real process.emit may be patched by tooling loaded into the test runner.
  let signals: EventEmitter;

  function make(timeoutMs = 1000): Shutdown {
    logs = captureLogs();
    exits = [];
    signals = new EventEmitter();
    return createShutdown({
      logger: createLogger({ level: 'info', service: 'test', destination: logs.stream }),
      timeoutMs,
      exit: (code) => exits.push(code),
      signals,
    });
  }

  it('runs steps in the order added, then exits 0', async () => {
    const shutdown = make();
    const order: string[] = [];
    for (const name of ['http', 'modules', 'bus', 'db']) {
      shutdown.add(name, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(name);
      });
    }

    expect(shutdown.shuttingDown).toBe(false);
    const done = shutdown.run('test');
    expect(shutdown.shuttingDown).toBe(true);
    await done;

    expect(order).toEqual(['http', 'modules', 'bus', 'db']);
    expect(exits).toEqual([0]);
  });

  it('logs a failing step, still runs the rest, and exits 1', async () => {
    const shutdown = make();
    const ran: string[] = [];
    shutdown.add('http', async () => void ran.push('http'));
    shutdown.add('bus', async () => {
      throw new Error('channel closed');
    });
    shutdown.add('db', async () => void ran.push('db'));

    await shutdown.run('test');

    expect(ran).toEqual(['http', 'db']);
    expect(exits).toEqual([1]);
    const failure = logs.lines().find((line) => line['msg'] === 'shutdown step failed');
    expect(failure).toMatchObject({ level: 'error', step: 'bus', err: { message: 'channel closed' } });
  });

  it('is idempotent: a second run returns the same promise and steps run once', async () => {
    const shutdown = make();
    let calls = 0;
    shutdown.add('db', async () => void calls++);

    const first = shutdown.run('SIGTERM');
    const second = shutdown.run('SIGINT');
    expect(second).toBe(first);
    await Promise.all([first, second]);

    expect(calls).toBe(1);
    expect(exits).toEqual([0]);
  });

  it('forces exit(1) when the steps outlast the timeout', async () => {
    const shutdown = make(50);
    shutdown.add('stuck', () => new Promise(() => undefined));
    const started = Date.now();

    await shutdown.run('test');

    expect(Date.now() - started).toBeLessThan(1000);
    expect(exits).toEqual([1]);
    expect(logs.lines().some((line) => line['msg'] === 'shutdown timed out; forcing exit')).toBe(true);
  });

  it('starts on SIGTERM and forces exit(1) on a second signal', async () => {
    const shutdown = make();
    let release!: () => void;
    shutdown.add('slow', () => new Promise<void>((resolve) => (release = resolve)));
    shutdown.installSignalHandlers();
    try {
      signals.emit('SIGTERM', 'SIGTERM');
      expect(shutdown.shuttingDown).toBe(true);
      expect(exits).toEqual([]);

      signals.emit('SIGINT', 'SIGINT');
      expect(exits).toEqual([1]);

      release();
      await shutdown.run('ignored');
      expect(exits).toEqual([1]);
    } finally {
      shutdown.removeSignalHandlers();
    }
    expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGINT')).toBe(0);
  });
});
