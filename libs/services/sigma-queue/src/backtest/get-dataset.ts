import type { TelemetryDatasetBody } from '@huntforge/contracts/telemetry';
import { httpErrors } from '@huntforge/platform';
import { toDatasetBody } from './dataset-view';
import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';

export interface GetDatasetDeps {
  now: () => Date;
  datasets: Pick<TelemetryDatasetRepository, 'find'>;
}

export interface GetDatasetCommand {
  datasetId: number;
}

/** GET /api/telemetry/datasets/{id}: one unexpired dataset. */
export async function getDataset(deps: GetDatasetDeps, command: GetDatasetCommand): Promise<TelemetryDatasetBody> {
  const row = await deps.datasets.find(command.datasetId, deps.now());
  if (!row) throw httpErrors.notFound(`No telemetry dataset ${command.datasetId}`);
  return toDatasetBody(row);
}
