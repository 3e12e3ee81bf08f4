import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Label values of one sample; only the declared label names. */
export type MetricLabels<L extends string> = Partial<Record<L, string | number>>;

export interface MetricSpec<L extends string> {
  /** Full Prometheus name, e.g. `huntforge_workflow_stage_duration_seconds`. */
  name: string;
  help: string;
  labelNames: readonly L[];
}

export interface CounterMetric<L extends string> {
  inc(labels: MetricLabels<L>, value?: number): void;
}

export interface HistogramMetric<L extends string> {
  observe(labels: MetricLabels<L>, value: number): void;
}

/** One sample of a gauge read at scrape time. */
export interface GaugeSample<L extends string> {
  labels: MetricLabels<L>;
  value: number;
}

export type GaugeCollector<L extends string> = () => Promise<ReadonlyArray<GaugeSample<L>>> | ReadonlyArray<GaugeSample<L>>;

/**
 * The metrics of one process: one registry, shared by every module the process runs (all the modules in
 * all-in-one). Asking twice for a metric of the same name returns the first one, so a module composed
 * twice on the same context (tests do) never fails with a duplicate registration.
 */
export interface AppMetrics {
  readonly registry: Registry;
  counter<L extends string>(spec: MetricSpec<L>): CounterMetric<L>;
  /** Buckets in seconds by default (5 ms to 60 s); pass others for other units. */
  histogram<L extends string>(spec: MetricSpec<L> & { buckets?: number[] }): HistogramMetric<L>;
  /**
   * A gauge whose samples `collect` returns at each scrape (counts read from the database, pool sizes).
   * Registering the same name again replaces the collector: the newest module's view wins. A collector
   * that fails leaves the gauge without samples for that scrape instead of failing the whole scrape
   * (a gauge without labels then reads 0, as prom-client always shows one: give it a label if 0 misleads).
   */
  gaugeAtScrape<L extends string>(spec: MetricSpec<L> & { collect: GaugeCollector<L> }): void;
  /** The text exposition and its content type, for GET /metrics. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

/** Request latencies: a few milliseconds for reads, up to a minute for model calls. */
export const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface CreateAppMetricsOptions {
  /** Added to every sample as `service` (the app name, or `all-in-one`). */
  service: string;
  /** Process metrics (CPU, memory, event-loop lag, GC); default true. */
  processMetrics?: boolean;
}

export function createAppMetrics(options: CreateAppMetricsOptions): AppMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const collectors = new Map<string, GaugeCollector<string>>();

  const existing = <T>(name: string, kind: new (...args: never[]) => T): T | undefined => {
    const metric = registry.getSingleMetric(name);
    if (metric === undefined || metric instanceof kind) return metric;
    throw new Error(`metric ${name} is already registered as another kind`);
  };

  return {
    registry,

    counter<L extends string>(spec: MetricSpec<L>): CounterMetric<L> {
      return (
        (existing(spec.name, Counter) as Counter<L> | undefined) ??
        new Counter({ ...spec, labelNames: [...spec.labelNames], registers: [registry] })
      );
    },

    histogram<L extends string>(spec: MetricSpec<L> & { buckets?: number[] }): HistogramMetric<L> {
      return (
        (existing(spec.name, Histogram) as Histogram<L> | undefined) ??
        new Histogram({
          name: spec.name,
          help: spec.help,
          labelNames: [...spec.labelNames],
          buckets: spec.buckets ?? DURATION_BUCKETS_SECONDS,
          registers: [registry],
        })
      );
    },

    gaugeAtScrape<L extends string>(spec: MetricSpec<L> & { collect: GaugeCollector<L> }): void {
      const known = collectors.has(spec.name);
      collectors.set(spec.name, spec.collect as GaugeCollector<string>);
      if (known) return;
      new Gauge<string>({
        name: spec.name,
        help: spec.help,
        labelNames: [...spec.labelNames],
        registers: [registry],
        async collect() {
          // Samples of labels that disappeared (a status with no rows left) must not linger.
          this.reset();
          const samples = await Promise.resolve()
            .then(() => collectors.get(spec.name)?.() ?? [])
            .catch(() => []);
          for (const sample of samples) this.set(sample.labels, sample.value);
        },
      });
    },

    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
