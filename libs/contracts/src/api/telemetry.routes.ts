import {
  telemetryDatasetIdParamsSchema,
  telemetryFileBodySchema,
  uploadTelemetryDatasetQuerySchema,
  telemetryDatasetListResponseSchema,
  telemetryDatasetSchema,
  uploadTelemetryDatasetRequestSchema,
} from '../telemetry/datasets';
import { defineRoute, errorResponse, jsonContent } from './define-route';

const tags = ['Telemetry'];
const notFound = errorResponse(['not_found'], 'No such dataset (or it expired)');

/** Telemetry datasets for backtests; sigma-queue owns them, next to the rules they test. */
export const telemetryRoutes = {
  postTelemetryDataset: defineRoute('sigma-queue', {
    method: 'post',
    path: '/api/telemetry/datasets',
    tags,
    summary: 'Upload a telemetry file (JSON Lines, CloudTrail, EVTX, event XML, gzipped or not) to backtest rules on',
    description:
      'Send the file itself as the body (Content-Type application/octet-stream or application/gzip, its name in ?name=), streamed up to TELEMETRY_DATASET_MAX_BYTES; or, for small files, JSON with the file base64-encoded (bounded by BODY_LIMIT). The file is read once on upload: it must give at least one event. Kept until expires_at (TELEMETRY_DATASET_RETENTION_DAYS).',
    request: {
      query: uploadTelemetryDatasetQuerySchema,
      body: {
        required: true,
        content: {
          'application/json': { schema: uploadTelemetryDatasetRequestSchema },
          'application/octet-stream': { schema: telemetryFileBodySchema },
        },
      },
    },
    responses: {
      201: jsonContent(telemetryDatasetSchema, 'Stored'),
      400: errorResponse(
        ['validation_error', 'invalid_json', 'invalid_dataset'],
        'Not base64, a raw upload without ?name=, or not a file the readers read (the message names the line or chunk)',
      ),
      413: errorResponse(['dataset_too_large'], 'Larger than TELEMETRY_DATASET_MAX_BYTES'),
    },
  }),
  getTelemetryDatasets: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/telemetry/datasets',
    tags,
    summary: 'Telemetry datasets not yet expired, newest first',
    responses: { 200: jsonContent(telemetryDatasetListResponseSchema, 'Datasets with the upload limits') },
  }),
  getTelemetryDataset: defineRoute('sigma-queue', {
    method: 'get',
    path: '/api/telemetry/datasets/{dataset_id}',
    tags,
    summary: 'One dataset (without its bytes)',
    request: { params: telemetryDatasetIdParamsSchema },
    responses: { 200: jsonContent(telemetryDatasetSchema, 'The dataset'), 400: errorResponse(['validation_error']), 404: notFound },
  }),
  deleteTelemetryDataset: defineRoute('sigma-queue', {
    method: 'delete',
    path: '/api/telemetry/datasets/{dataset_id}',
    tags,
    summary: 'Delete a dataset (admin)',
    request: { params: telemetryDatasetIdParamsSchema },
    responses: { 204: { description: 'Deleted' }, 400: errorResponse(['validation_error']), 404: notFound },
  }),
} as const;
