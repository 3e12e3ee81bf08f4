import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';

/** How large an upload may be and how long it is kept (TELEMETRY_DATASET_MAX_BYTES, TELEMETRY_DATASET_RETENTION_DAYS). */
export interface DatasetLimits {
  maxBytes: number;
  retentionDays: number;
}

export interface DatasetDeps {
  datasets: TelemetryDatasetRepository;
  limits: DatasetLimits;
  /** The clock expiry is read against (tests move it). */
  now: () => Date;
}
