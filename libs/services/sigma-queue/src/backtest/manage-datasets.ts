import type { TelemetryDatasetBody, TelemetryDatasetListResponse } from '@huntforge/contracts';
import { httpErrors } from '@huntforge/platform';
import type { DatasetDeps } from './dataset-deps';
import { toDatasetBody } from './dataset-view';

export async function listDatasets(deps: DatasetDeps): Promise<TelemetryDatasetListResponse> {
  const now = deps.now();
  await deps.datasets.purgeExpired(now);
  const rows = await deps.datasets.list(now);
  return { items: rows.map(toDatasetBody), max_bytes: deps.limits.maxBytes, retention_days: deps.limits.retentionDays };
}

export async function getDataset(deps: DatasetDeps, id: number): Promise<TelemetryDatasetBody> {
  const row = await deps.datasets.find(id, deps.now());
  if (!row) throw httpErrors.notFound(`No telemetry dataset ${id}`);
  return toDatasetBody(row);
}

export async function deleteDataset(deps: DatasetDeps, id: number): Promise<void> {
  if (!(await deps.datasets.delete(id))) throw httpErrors.notFound(`No telemetry dataset ${id}`);
}
