import { httpErrors } from '@huntforge/platform';
import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';

export interface DeleteDatasetDeps {
  datasets: Pick<TelemetryDatasetRepository, 'delete'>;
}

export interface DeleteDatasetCommand {
  datasetId: number;
}

/** DELETE /api/telemetry/datasets/{id}. */
export async function deleteDataset(deps: DeleteDatasetDeps, command: DeleteDatasetCommand): Promise<void> {
  if (!(await deps.datasets.delete(command.datasetId))) throw httpErrors.notFound(`No telemetry dataset ${command.datasetId}`);
}
