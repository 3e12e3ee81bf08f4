import { Router } from 'express';
import { telemetryRoutes as routes } from '@huntforge/contracts';
import { mountRoute, reply } from '@huntforge/platform';
import type { DatasetDeps } from '../backtest/dataset-deps';
import { deleteDataset, getDataset, listDatasets } from '../backtest/manage-datasets';
import { uploadDataset } from '../backtest/upload-dataset';
import { reviewerOf } from './reviewer';

/** /api/telemetry/datasets: telemetry uploaded for backtests. */
export function telemetryRouter(deps: DatasetDeps): Router {
  const router = Router();
  mountRoute(router, routes.postTelemetryDataset, async ({ body, req }) => uploadDataset(deps, body, reviewerOf(req, undefined) ?? null));
  mountRoute(router, routes.getTelemetryDatasets, async () => listDatasets(deps));
  mountRoute(router, routes.getTelemetryDataset, async ({ params }) => getDataset(deps, params.dataset_id));
  mountRoute(router, routes.deleteTelemetryDataset, async ({ params }) => {
    await deleteDataset(deps, params.dataset_id);
    return reply(204);
  });
  return router;
}
