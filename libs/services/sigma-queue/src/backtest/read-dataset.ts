import { readTelemetry, type InputSummary, type TelemetryEvent } from '@huntforge/telemetry';

/** The events of a stored dataset, read as a file of that name would be (EVTX, JSON Lines, CloudTrail, gzip…). */
export function readDataset(name: string, bytes: Buffer, summary: InputSummary): AsyncGenerator<TelemetryEvent> {
  return readTelemetry(name, chunks(bytes), summary);
}

const CHUNK = 1 << 20;

/** The bytes in 1 MiB pieces, as a file stream gives them, so a large dataset is decoded as it is read. */
async function* chunks(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}
