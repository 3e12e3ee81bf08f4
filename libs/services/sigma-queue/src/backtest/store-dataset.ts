import { createHash } from 'node:crypto';
import type { TelemetryDatasetBody } from '@huntforge/contracts/telemetry';
import { HttpError } from '@huntforge/platform';
import { TelemetryInputError, type InputSummary } from '@huntforge/telemetry';
import { toDatasetBody } from './dataset-view';
import { readDatasetBatches } from './read-dataset';
import type { TelemetryDatasetRepository } from '../repositories/telemetry-dataset-repository';
import type { DatasetLimits } from './dataset-limits';

const DAY_MS = 86_400_000;

/** What storing an upload needs, whichever way it came (JSON with base64, or the file as the body). */
export interface StoreDatasetDeps {
  limits: DatasetLimits;
  now: () => Date;
  datasets: Pick<TelemetryDatasetRepository, 'purgeExpired' | 'create'>;
}

export interface StoreDatasetCommand {
  name: string;
  bytes: Buffer;
  /** The signed-in caller, when there is one. */
  uploadedBy: string | null;
}

/**
 * Stores an uploaded telemetry file after reading it through once: it must be within the size limit
 * and give at least one event, so a backtest never meets a file it cannot read. Expired datasets are
 * purged on the way (retention needs no job of its own).
 */
export async function storeDataset(deps: StoreDatasetDeps, command: StoreDatasetCommand): Promise<TelemetryDatasetBody> {
  const { name, bytes, uploadedBy } = command;
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

/** 413 dataset_too_large, naming the limit. */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'dataset_too_large', `Datasets are limited to ${maxBytes} bytes (TELEMETRY_DATASET_MAX_BYTES)`, {
    max_bytes: maxBytes,
  });
}
