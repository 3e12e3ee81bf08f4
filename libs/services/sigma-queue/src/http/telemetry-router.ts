import { Router, type RequestHandler } from 'express';
import { telemetryRoutes as routes } from '@huntforge/contracts/api';
import { uploadTelemetryDatasetQuerySchema } from '@huntforge/contracts/telemetry';
import { HttpError, mountRoute, reply } from '@huntforge/platform';
import { deleteDataset } from '../backtest/delete-dataset';
import { getDataset } from '../backtest/get-dataset';
import { listDatasets } from '../backtest/list-datasets';
import { uploadDataset } from '../backtest/upload-dataset';
import { uploadRawDataset } from '../backtest/upload-raw-dataset';
import type { SigmaQueuePorts } from '../ports';
import { reviewerOf } from './reviewer';

/** Content types of a file sent as the body itself. */
const RAW_TYPE = /^application\/(octet-stream|gzip|x-gzip)\s*(;|$)/i;

/** /api/telemetry/datasets: telemetry uploaded for backtests. */
export function telemetryRouter(deps: SigmaQueuePorts): Router {
  const router = Router();
  // A file sent as the body itself (not JSON) is streamed here; JSON goes on to the contract's parsing.
  const raw: RequestHandler = (req, res, next) => {
    if (!RAW_TYPE.test(req.headers['content-type'] ?? '')) return next();
    const query = uploadTelemetryDatasetQuerySchema.safeParse(req.query);
    if (!query.success)
      return next(new HttpError(400, 'validation_error', 'name must be 1 to 200 characters', { issues: query.error.issues }));
    const declared = Number(req.headers['content-length']);
    uploadRawDataset(deps, {
      name: query.data.name,
      declaredBytes: Number.isFinite(declared) ? declared : null,
      body: req,
      uploadedBy: reviewerOf(req, undefined) ?? null,
    }).then(
      (dataset) => res.status(201).json(dataset),
      (error: unknown) => {
        // Refused before the whole body arrived: the rest is not read, so the connection is not reused.
        if (!req.complete) res.setHeader('connection', 'close');
        next(error);
      },
    );
  };
  mountRoute(
    router,
    routes.postTelemetryDataset,
    ({ body, req }) => uploadDataset(deps, { upload: body, uploadedBy: reviewerOf(req, undefined) ?? null }),
    {
      before: [raw],
    },
  );
  mountRoute(router, routes.getTelemetryDatasets, () => listDatasets(deps));
  mountRoute(router, routes.getTelemetryDataset, ({ params }) => getDataset(deps, { datasetId: params.dataset_id }));
  mountRoute(router, routes.deleteTelemetryDataset, async ({ params }) => {
    await deleteDataset(deps, { datasetId: params.dataset_id });
    return reply(204);
  });
  return router;
}
