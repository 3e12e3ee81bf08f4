import { createHash } from 'node:crypto';
import type { TelemetryDatasetBody, UploadTelemetryDatasetRequest } from '@huntforge/contracts/telemetry';
import { HttpError } from '@huntforge/platform';
import { TelemetryInputError, type InputSummary } from '@huntforge/telemetry';
import { toDatasetBody } from './dataset-view';
import { readDatasetBatches } from './read-dataset';
import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';
import type { DatasetLimits } from './dataset-limits';

const DAY_MS = 86_400_000;

export interface UploadDatasetDeps {
  limits: DatasetLimits;
  now: () => Date;
  datasets: Pick<TelemetryDatasetRepository, 'purgeExpired' | 'create'>;
}

export interface UploadDatasetCommand {
  upload: UploadTelemetryDatasetRequest;
  /** The signed-in caller, when there is one. */
  uploadedBy: string | null;
}

export interface UploadRawDatasetCommand {
  /** From the query; required for a file sent as the body. */
  name: string | undefined;
  /** The request's Content-Length, when it gave one. */
  declaredBytes: number | null;
  body: AsyncIterable<Buffer | string>;
  uploadedBy: string | null;
}

/**
 * Stores an uploaded telemetry file after reading it through once: it must be within the size limit
 * and give at least one event, so a backtest never meets a file it cannot read. Expired datasets are
 * purged on the way (retention needs no job of its own).
 */
export async function uploadDataset(deps: UploadDatasetDeps, command: UploadDatasetCommand): Promise<TelemetryDatasetBody> {
  const { upload: input, uploadedBy } = command;
  // Checked on the encoded length first, so an oversized upload is never decoded.
  if (Math.floor((input.content_base64.length * 3) / 4) - 2 > deps.limits.maxBytes) throw tooLarge(deps.limits.maxBytes);
  const bytes = Buffer.from(input.content_base64, 'base64');
  return storeDataset(deps, input.name, bytes, uploadedBy);
}

/**
 * A file sent as the body itself, read as it arrives and refused (413) as soon as it passes the limit,
 * so an oversized upload is never held whole. `name` comes from the query.
 */
export async function uploadRawDataset(deps: UploadDatasetDeps, command: UploadRawDatasetCommand): Promise<TelemetryDatasetBody> {
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
  return storeDataset(deps, name, Buffer.concat(pieces), uploadedBy);
}

async function storeDataset(
  deps: UploadDatasetDeps,
  name: string,
  bytes: Buffer,
  uploadedBy: string | null,
): Promise<TelemetryDatasetBody> {
  if (bytes.length > deps.limits.maxBytes) throw tooLarge(deps.limits.maxBytes);
  if (bytes.length === 0) throw new HttpError(400, 'invalid_dataset', 'The file is empty');
  const summary: InputSummary = { path: name, container: '', events: 0, problems: [] };
  try {
    for await (const _batch of readDatasetBatches(name, bytes, summary)) {
      // Counted by the summary.
    }
  } catch (error) {
    if (error instanceof TelemetryInputError) throw new HttpError(400, 'invalid_dataset', error.message, { reader_code: error.code });
    throw error;
  }
  if (summary.events === 0)
    throw new HttpError(400, 'invalid_dataset', `${name}: no events in it (${summary.container || 'unknown'} container)`, {
      problems: summary.problems,
    });

  const now = deps.now();
  await deps.datasets.purgeExpired(now);
  const row = await deps.datasets.create({
    name,
    container: summary.container,
    events: summary.events,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    problems: summary.problems.slice(0, 100),
    uploadedBy,
    expiresAt: new Date(now.getTime() + deps.limits.retentionDays * DAY_MS),
  });
  return toDatasetBody(row);
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'dataset_too_large', `Datasets are limited to ${maxBytes} bytes (TELEMETRY_DATASET_MAX_BYTES)`, {
    max_bytes: maxBytes,
  });
}
