import { apiErrorOf } from '@huntforge/api-client';
import { telemetryRoutes } from '@huntforge/contracts/api';
import { CSRF_HEADER } from '@huntforge/contracts/http';
import { type TelemetryDatasetBody } from '@huntforge/contracts/telemetry';

/**
 * Uploads a telemetry file as the request body itself (the route's application/octet-stream form): the
 * browser streams it from disk, and it may be as large as TELEMETRY_DATASET_MAX_BYTES rather than the
 * JSON body limit a base64 copy would meet.
 */
export async function uploadTelemetryFile(file: File): Promise<TelemetryDatasetBody> {
  const route = telemetryRoutes.postTelemetryDataset;
  const response = await fetch(`${route.path}?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', [CSRF_HEADER]: '1' },
    body: file,
    credentials: 'same-origin',
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorOf(response.status, body, response.headers.get('x-request-id') ?? undefined);
  return body as TelemetryDatasetBody;
}
