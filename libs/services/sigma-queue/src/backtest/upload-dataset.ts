import type { TelemetryDatasetBody, UploadTelemetryDatasetRequest } from '@huntforge/contracts/telemetry';
import { storeDataset, tooLarge, type StoreDatasetDeps } from './store-dataset';

export type UploadDatasetDeps = StoreDatasetDeps;

export interface UploadDatasetCommand {
  upload: UploadTelemetryDatasetRequest;
  /** The signed-in caller, when there is one. */
  uploadedBy: string | null;
}

/** POST /api/telemetry/datasets with JSON: a small file sent base64, stored as `storeDataset` checks it. */
export async function uploadDataset(deps: UploadDatasetDeps, command: UploadDatasetCommand): Promise<TelemetryDatasetBody> {
  const { upload: input, uploadedBy } = command;
  // Checked on the encoded length first, so an oversized upload is never decoded.
  if (Math.floor((input.content_base64.length * 3) / 4) - 2 > deps.limits.maxBytes) throw tooLarge(deps.limits.maxBytes);
  const bytes = Buffer.from(input.content_base64, 'base64');
  return storeDataset(deps, { name: input.name, bytes, uploadedBy });
}
