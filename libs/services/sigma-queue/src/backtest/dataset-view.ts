import type { TelemetryDatasetBody } from '@huntforge/contracts/telemetry';
import type { DatasetSummaryRow } from '../repositories/telemetry-dataset-repository';

export function toDatasetBody(row: DatasetSummaryRow): TelemetryDatasetBody {
  return {
    dataset_id: row.id,
    name: row.name,
    container: row.container,
    events: row.events,
    size: row.size,
    sha256: row.sha256,
    problems: row.problems,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
