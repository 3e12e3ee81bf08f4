import type { TelemetryDatasetBody } from '@huntforge/contracts/telemetry';
import { HttpError } from '@huntforge/platform';
import { storeDataset, tooLarge, type StoreDatasetDeps } from './store-dataset';

export type UploadRawDatasetDeps = StoreDatasetDeps;

export interface UploadRawDatasetCommand {
  /** From the query; required for a file sent as the body. */
  name: string | undefined;
  /** The request's Content-Length, when it gave one. */
  declaredBytes: number | null;
  body: AsyncIterable<Buffer | string>;
  uploadedBy: string | null;
}

/**
 * A file sent as the body itself, read as it arrives and refused (413) as soon as it passes the limit,
 * so an oversized upload is never held whole. `name` comes from the query.
 */
export async function uploadRawDataset(deps: UploadRawDatasetDeps, command: UploadRawDatasetCommand): Promise<TelemetryDatasetBody> {
  const { name, declaredBytes, body, uploadedBy } = command;
  if (!name) throw new HttpError(400, 'validation_error', 'A file sent as the body needs its name in the query (?name=…)');
  if (declaredBytes !== null && declaredBytes > deps.limits.maxBytes) throw tooLarge(deps.limits.maxBytes);
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of body) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    size += bytes.length;
    if (size > deps.limits.maxBytes) throw tooLarge(deps.limits.maxBytes);
    pieces.push(bytes);
  }
  return storeDataset(deps, { name, bytes: Buffer.concat(pieces), uploadedBy });
}
