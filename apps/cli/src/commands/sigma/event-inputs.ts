import { statSync } from 'node:fs';
import { readTelemetryFileBatches, type InputSummary, type TelemetryEvent } from '@huntforge/telemetry';

/** An event with its 0-based number across all inputs, in the order they were given. */
export interface NumberedEvent {
  index: number;
  input: InputSummary;
  event: TelemetryEvent;
}

/**
 * The events of every input in the order given (EVTX, JSON Lines, JSON, event XML, syslog with
 * Sysmon for Linux; gzipped or not), numbered on across inputs, in batches (one async step per block
 * read rather than per event). `summaries` gets one entry per input, filled as it is read.
 */
export async function* readInputs(paths: readonly string[], summaries: InputSummary[]): AsyncGenerator<NumberedEvent[]> {
  for (const path of paths) {
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) throw new Error(`${path}: no such events file`);
  }
  let index = 0;
  for (const path of paths) {
    const summary: InputSummary = { path, container: '', events: 0, problems: [] };
    summaries.push(summary);
    for await (const batch of readTelemetryFileBatches(path, summary))
      yield batch.map((event) => ({ index: index++, input: summary, event }));
  }
}

/** The total size of the inputs in bytes (for progress). */
export function inputBytes(paths: readonly string[]): number {
  return paths.reduce((sum, path) => sum + (statSync(path, { throwIfNoEntry: false })?.size ?? 0), 0);
}
