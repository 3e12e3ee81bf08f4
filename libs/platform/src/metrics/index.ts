export {
  createAppMetrics,
  DURATION_BUCKETS_SECONDS,
  type AppMetrics,
  type CounterMetric,
  type CreateAppMetricsOptions,
  type GaugeCollector,
  type GaugeSample,
  type HistogramMetric,
  type MetricLabels,
  type MetricSpec,
} from './app-metrics';
export { prometheusBusMetrics } from './bus-metrics';
export { registerDbPoolMetrics } from './db-pool-metrics';
export { httpMetrics } from './http-metrics';
export { METRICS_PATH, metricsRouter } from './metrics-router';
export { routeLabelOf, UNMATCHED_ROUTE } from './route-label';
