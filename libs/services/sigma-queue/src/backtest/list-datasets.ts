import type { TelemetryDatasetListResponse } from '@huntforge/contracts/telemetry';
import { toDatasetBody } from './dataset-view';
import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';
import type { DatasetLimits } from './dataset-limits';

export interface ListDatasetsDeps {
  limits: DatasetLimits;
  now: () => Date;
  datasets: Pick<TelemetryDatasetRepository, 'purgeExpired' | 'list'>;
}

/** GET /api/telemetry/datasets: the datasets still kept (expired ones purged first), with the limits. */
export async function listDatasets(deps: ListDatasetsDeps): Promise<TelemetryDatasetListResponse> {
  const now = deps.now();
  await deps.datasets.purgeExpired(now);
  const rows = await deps.datasets.list(now);
  return { items: rows.map(toDatasetBody), max_bytes: deps.limits.maxBytes, retention_days: deps.limits.retentionDays };
}
