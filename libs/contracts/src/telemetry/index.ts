// Telemetry datasets and rule backtests against them.
// The area's curated entry point (@huntforge/contracts/telemetry): every export is named, no `export *`.
export {
  uploadTelemetryDatasetRequestSchema,
  uploadTelemetryDatasetQuerySchema,
  telemetryDatasetSchema,
  telemetryDatasetListResponseSchema,
  telemetryDatasetIdParamsSchema,
  backtestRequestSchema,
  backtestResponseSchema,
  backtestDatasetResultSchema,
  type UploadTelemetryDatasetRequest,
  type TelemetryDatasetBody,
  type TelemetryDatasetListResponse,
  type BacktestRequest,
  type BacktestResponse,
  type BacktestDatasetResult,
} from './datasets';
