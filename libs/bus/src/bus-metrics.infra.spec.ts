import { describeWithInfra, infraUrl, waitFor } from '@huntforge/test-kit';
import type { BusMetrics } from './bus-metrics';
import type { DeliveryOutcome } from './delivery';
import { createBusHarness, type BusHarness, type BusKind } from './test-support/bus-harness';

jest.setTimeout(30_000);

/** Counts what the bus reports, as the platform's Prometheus adapter would. */
function recordingMetrics() {
  const published = new Map<string, number>();
  const delivered = new Map<string, number>();
  const timed: Array<DeliveryOutcome['kind']> = [];
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const metrics: BusMetrics = {
    published: (topic) => bump(published, topic),
    delivered: (queue, outcome, seconds) => {
      bump(delivered, `${queue} ${outcome}`);
      if (seconds !== null) timed.push(outcome);
    },
  };
  return { metrics, published, delivered, timed };
}

const suites: Array<[BusKind, jest.Describe]> = [
  ['in-process', describe],
  ['rabbitmq', describeWithInfra('rabbitmq')],
];

describe.each(suites)('bus metrics hooks (%s)', (kind, describeIfAvailable) => {
  describeIfAvailable('at the publish and delivery choke points', () => {
    let harness: BusHarness;
    let recorded: ReturnType<typeof recordingMetrics>;

    beforeEach(async () => {
      recorded = recordingMetrics();
      harness = await createBusHarness(kind, infraUrl('rabbitmq'), {
        metrics: recorded.metrics,
        retryBaseDelayMs: 10,
        maxRetryDelayMs: 10,
      });
    });
    afterEach(() => harness.dispose());

    it('reports each confirmed publish once and each delivery with its outcome, retries and dead letters not re-counted as publishes', async () => {
      let failuresLeft = 1;
      await harness.bus.subscribe<{ poison: boolean }>(
        'metrics',
        ['metrics.#'],
        async ({ payload }) => {
          if (payload.poison) throw new Error('always fails');
          if (failuresLeft-- > 0) throw new Error('fails once');
        },
        { maxAttempts: 2 },
      );
      await harness.bus.publish('metrics.ok', { poison: false });
      await harness.bus.publish('metrics.poison', { poison: true });
      await harness.publishRaw('metrics.raw', 'not json');

      await waitFor(
        'every delivery settled',
        () => recorded.delivered.get('metrics dead-letter') === 2 && recorded.delivered.get('metrics ack') === 1,
      );
      expect(Object.fromEntries(recorded.published)).toEqual({ 'metrics.ok': 1, 'metrics.poison': 1 });
      expect(Object.fromEntries(recorded.delivered)).toEqual({ 'metrics retry': 2, 'metrics ack': 1, 'metrics dead-letter': 2 });
      // Every delivery that reached the handler is timed; the malformed one is not.
      expect(recorded.timed).toHaveLength(4);
      expect((await harness.deadLetters('metrics')).length).toBe(2);
    });

    it('reports nothing for a publish refused before it was sent', async () => {
      await expect(harness.bus.publish('metrics.*', {})).rejects.toThrow(/wildcard/);
      expect(recorded.published.size).toBe(0);
    });
  });
});
