import { readTelemetryBatches, type InputSummary, type TelemetryEvent } from '@huntforge/telemetry';

/**
 * The events of a stored dataset, read as a file of that name would be (EVTX, JSON Lines, CloudTrail,
 * gzip…), in batches: a caller's loop takes one async step per batch rather than per event.
 */
export function readDatasetBatches(name: string, bytes: Buffer, summary: InputSummary): AsyncGenerator<TelemetryEvent[]> {
  return readTelemetryBatches(name, chunks(bytes), summary);
}

const CHUNK = 1 << 20;

/** The bytes in 1 MiB pieces, as a file stream gives them, so a large dataset is decoded as it is read. */
async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}
