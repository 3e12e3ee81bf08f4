import { createAppMetrics } from './app-metrics';
import { httpMetrics } from './http-metrics';
import { prometheusBusMetrics } from './bus-metrics';
import { sampleValue } from './test-support/exposition';

const spec = { name: 'huntforge_test_things_total', help: 'Things.', labelNames: ['kind'] as const };

describe('createAppMetrics', () => {
  it('returns the same counter when a metric is asked for twice, so composing a module twice never throws', async () => {
    const metrics = createAppMetrics({ service: 'test', processMetrics: false });
    metrics.counter(spec).inc({ kind: 'a' });
    metrics.counter(spec).inc({ kind: 'a' }, 2);
    expect(() => [httpMetrics(metrics), httpMetrics(metrics), prometheusBusMetrics(metrics), prometheusBusMetrics(metrics)]).not.toThrow();
    const { body, contentType } = await metrics.exposition();
    expect(contentType).toMatch(/^text\/plain/);
    expect(sampleValue(body, 'huntforge_test_things_total', { kind: 'a', service: 'test' })).toBe(3);
  });

  it('keeps registries apart: one per process (or per test)', async () => {
    const first = createAppMetrics({ service: 'one', processMetrics: false });
    const second = createAppMetrics({ service: 'two', processMetrics: false });
    first.counter(spec).inc({ kind: 'x' });
    expect(sampleValue((await second.exposition()).body, 'huntforge_test_things_total', { kind: 'x' })).toBeUndefined();
  });

  it('refuses a name already registered as another kind of metric', () => {
    const metrics = createAppMetrics({ service: 'test', processMetrics: false });
    metrics.counter(spec);
    expect(() => metrics.histogram(spec)).toThrow(/already registered as another kind/);
  });

  it('reads gauges at scrape time, drops labels that disappeared, and lets the newest collector win', async () => {
    const metrics = createAppMetrics({ service: 'test', processMetrics: false });
    let rows: Array<{ labels: { status: string }; value: number }> = [
      { labels: { status: 'pending' }, value: 2 },
      { labels: { status: 'approved' }, value: 5 },
    ];
    const gauge = { name: 'huntforge_test_items', help: 'Items.', labelNames: ['status'] as const };
    metrics.gaugeAtScrape({ ...gauge, collect: () => rows });
    let text = (await metrics.exposition()).body;
    expect(sampleValue(text, 'huntforge_test_items', { status: 'pending' })).toBe(2);
    expect(sampleValue(text, 'huntforge_test_items', { status: 'approved' })).toBe(5);

    rows = [{ labels: { status: 'pending' }, value: 1 }];
    text = (await metrics.exposition()).body;
    expect(sampleValue(text, 'huntforge_test_items', { status: 'pending' })).toBe(1);
    expect(sampleValue(text, 'huntforge_test_items', { status: 'approved' })).toBeUndefined();

    metrics.gaugeAtScrape({ ...gauge, collect: async () => [{ labels: { status: 'pending' }, value: 9 }] });
    expect(sampleValue((await metrics.exposition()).body, 'huntforge_test_items', { status: 'pending' })).toBe(9);
  });

  it('leaves a gauge empty for the scrape when its collector fails, and still answers the rest', async () => {
    const metrics = createAppMetrics({ service: 'test', processMetrics: false });
    metrics.counter(spec).inc({ kind: 'still-here' });
    metrics.gaugeAtScrape({
      name: 'huntforge_test_broken',
      help: 'Broken.',
      labelNames: ['status'],
      collect: () => Promise.reject(new Error('database down')),
    });
    const text = (await metrics.exposition()).body;
    expect(sampleValue(text, 'huntforge_test_broken')).toBeUndefined();
    expect(sampleValue(text, 'huntforge_test_things_total', { kind: 'still-here' })).toBe(1);
  });

  it('adds process metrics unless asked not to', async () => {
    const text = (await createAppMetrics({ service: 'test' }).exposition()).body;
    expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
  });
});
