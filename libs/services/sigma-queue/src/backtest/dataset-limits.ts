/** How large an upload may be and how long it is kept (TELEMETRY_DATASET_MAX_BYTES, TELEMETRY_DATASET_RETENTION_DAYS). */
export interface DatasetLimits {
  maxBytes: number;
  retentionDays: number;
  /** A backtest reads at most this many events of a dataset (BACKTEST_MAX_EVENTS)… */
  backtestMaxEvents: number;
  /** …and runs at most this long over all its datasets (BACKTEST_MAX_SECONDS). */
  backtestMaxMs: number;
}
