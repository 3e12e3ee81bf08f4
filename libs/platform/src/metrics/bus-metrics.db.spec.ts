import { createInProcessBus, type InProcessBus } from '@huntforge/bus';
import { waitFor } from '@huntforge/test-kit';
import { createAppMetrics, type AppMetrics } from './app-metrics';
import { prometheusBusMetrics } from './bus-metrics';
import { sampleValue } from './test-support/exposition';

describe('bus metrics on the in-process bus', () => {
  let metrics: AppMetrics;
  let bus: InProcessBus;

  beforeEach(() => {
    metrics = createAppMetrics({ service: 'test', processMetrics: false });
    bus = createInProcessBus({ metrics: prometheusBusMetrics(metrics), retryBaseDelayMs: 1, maxRetryDelayMs: 1 });
  });
  afterEach(() => bus.close());

  const value = async (name: string, labels: Record<string, string>) => sampleValue((await metrics.exposition()).body, name, labels);

  it('counts published, consumed, retried and dead-lettered messages per topic and queue', async () => {
    const failures = new Map<number, number>();
    await bus.subscribe<{ n: number; fail: number }>(
      'enrichment',
      ['article.*'],
      async ({ payload }) => {
        const failed = failures.get(payload.n) ?? 0;
        if (failed < payload.fail) {
          failures.set(payload.n, failed + 1);
          throw new Error('transient');
        }
      },
      { maxAttempts: 3 },
    );
    await bus.publish('article.ingested', { n: 1, fail: 0 });
    await bus.publish('article.ingested', { n: 2, fail: 1 });
    await bus.publish('article.updated', { n: 3, fail: 99 });
    await bus.publishRaw('article.ingested', '{not json');

    await waitFor(
      'every message settled',
      async () =>
        (await bus.peekDeadLetters('enrichment')).length === 2 &&
        (await value('huntforge_bus_messages_consumed_total', { queue: 'enrichment' })) === 2,
    );
    expect(await value('huntforge_bus_messages_published_total', { topic: 'article.ingested' })).toBe(2);
    expect(await value('huntforge_bus_messages_published_total', { topic: 'article.updated' })).toBe(1);
    // Message 2 failed once, message 3 twice before its last attempt.
    expect(await value('huntforge_bus_messages_retried_total', { queue: 'enrichment' })).toBe(3);
    // Message 3 after three attempts, and the malformed body at once.
    expect(await value('huntforge_bus_messages_dead_lettered_total', { queue: 'enrichment' })).toBe(2);
    expect(await value('huntforge_bus_handler_duration_seconds_count', { queue: 'enrichment', outcome: 'ack' })).toBe(2);
    expect(await value('huntforge_bus_handler_duration_seconds_count', { queue: 'enrichment', outcome: 'retry' })).toBe(3);
    // The malformed message never reached the handler, so it has no duration.
    expect(await value('huntforge_bus_handler_duration_seconds_count', { queue: 'enrichment', outcome: 'dead_letter' })).toBe(1);
  });

  it('does not count a publish the bus refused', async () => {
    await expect(bus.publish('article.*', {})).rejects.toThrow();
    await bus.close();
    await expect(bus.publish('article.ingested', {})).rejects.toThrow();
    expect((await metrics.exposition()).body).not.toMatch(/^huntforge_bus_messages_published_total\{/m);
  });
});
