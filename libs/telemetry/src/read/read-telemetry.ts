import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { EvtxProblem } from '../evtx/evtx-chunks';
import { FILE_SIGNATURE } from '../evtx/evtx-chunks';
import { EvtxFileError, readEvtx } from '../evtx/read-evtx';
import { eventJson } from '../evtx/xml-json';
import { EventXmlError, parseEventXml } from '../formats/event-xml';
import { recognise } from '../formats/recognize';
import { windowsEvent } from '../formats/windows-event';
import { isRecord, type TelemetryEvent } from '../telemetry-event';

/** What one input gave: how many events, in which container, and what was skipped on the way. */
export interface InputSummary {
  path: string;
  /** evtx, jsonl, json, xml or syslog; `+gzip` when it was compressed. */
  container: string;
  events: number;
  /** Damage that was skipped (EVTX chunks and records, syslog lines without an event). */
  problems: string[];
}

export type TelemetryErrorCode = 'unknown_format' | 'bad_json' | 'not_an_object' | 'bad_evtx' | 'bad_xml' | 'bad_gzip';

/** An input the readers cannot read; the message names the file and, for text, the line. */
export class TelemetryInputError extends Error {
  constructor(
    readonly code: TelemetryErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TelemetryInputError';
  }
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const EVENT_XML = /<Event[\s>][\s\S]*?<\/Event>/g;

/** Reads the events of a file: EVTX, JSON Lines, a JSON document, event XML or syslog with Sysmon for Linux, any of them gzipped. */
export function readTelemetryFile(path: string, summary?: InputSummary): AsyncGenerator<TelemetryEvent> {
  return flatten(readTelemetryFileBatches(path, summary));
}

/** As readTelemetryFile, in batches of events (one per block read): a caller's loop takes one async step per batch, not per event. */
export function readTelemetryFileBatches(path: string, summary?: InputSummary): AsyncGenerator<TelemetryEvent[]> {
  return readTelemetryBatches(path, createReadStream(path, { highWaterMark: 1 << 20 }), summary);
}

/**
 * Reads the events of a byte stream named `name` (in messages), recognising the container by its
 * first bytes and each record's format by its shape. The stream is read once, as it arrives.
 */
export function readTelemetry(name: string, bytes: AsyncIterable<Buffer>, summary?: InputSummary): AsyncGenerator<TelemetryEvent> {
  return flatten(readTelemetryBatches(name, bytes, summary));
}

/** As readTelemetry, in batches of events. */
export async function* readTelemetryBatches(
  name: string,
  bytes: AsyncIterable<Buffer>,
  summary: InputSummary = { path: name, container: '', events: 0, problems: [] },
): AsyncGenerator<TelemetryEvent[]> {
  let { head, rest } = await peek(bytes, 8);
  let container = '';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) {
    const gunzip = Readable.from(rest).pipe(createGunzip());
    const decompressed = (async function* () {
      try {
        for await (const piece of gunzip) yield piece as Buffer;
      } catch (error) {
        throw new TelemetryInputError(
          'bad_gzip',
          `${name}: the gzip data is damaged (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    })();
    ({ head, rest } = await peek(decompressed, 8));
    container = '+gzip';
  }
  const evtx = head.subarray(0, 8).equals(FILE_SIGNATURE);
  const batches = evtx ? evtxEvents(name, rest, summary) : textEvents(name, rest, summary);
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    summary.events += batch.length;
    yield batch;
  }
  summary.container = `${evtx ? 'evtx' : summary.container}${container}`;
}

async function* flatten<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

const EVTX_BATCH = 256;

async function* evtxEvents(name: string, bytes: AsyncIterable<Buffer>, summary: InputSummary): AsyncGenerator<TelemetryEvent[]> {
  const problems: EvtxProblem[] = [];
  let reported = 0;
  const report = (): void => {
    for (; reported < problems.length; reported++) {
      const problem = problems[reported] as EvtxProblem;
      summary.problems.push(`${name}: ${problem.chunk < 0 ? 'file header' : `chunk ${problem.chunk}`}: ${problem.message}`);
    }
  };
  let batch: TelemetryEvent[] = [];
  try {
    for await (const record of readEvtx(bytes, problems)) {
      report();
      const event = windowsEvent(record);
      if (event) batch.push(event);
      if (batch.length >= EVTX_BATCH) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof EvtxFileError) throw new TelemetryInputError('bad_evtx', `${name}: ${error.message}`);
    throw error;
  }
  report();
  yield batch;
}

interface Line {
  text: string;
  number: number;
}

/** Text containers: JSON Lines, one JSON document (array, CloudTrail's Records, Graph's value), event XML, syslog. */
async function* textEvents(name: string, bytes: AsyncIterable<Buffer>, summary: InputSummary): AsyncGenerator<TelemetryEvent[]> {
  const batches = textLines(bytes);
  // Read by hand: leaving a for-await loop early would close the generator.
  let first: Line | undefined;
  let pending: Line[] = [];
  while (!first) {
    const next = await batches.next();
    if (next.done) break;
    const at = next.value.findIndex((line) => line.text.trim() !== '');
    if (at >= 0) {
      first = next.value[at] as Line;
      pending = next.value.slice(at + 1);
    }
  }
  if (!first) {
    summary.container = 'empty';
    return;
  }
  const rest = (async function* () {
    yield pending;
    yield* batches;
  })();
  const start = first.text.trimStart();
  if (start.startsWith('{') && parsesAsJson(start)) {
    summary.container = 'jsonl';
    yield* jsonLines(name, first, rest);
    return;
  }
  if (start.startsWith('{') || start.startsWith('[')) {
    summary.container = 'json';
    const texts = [first.text];
    for await (const batch of rest) for (const line of batch) texts.push(line.text);
    yield [...jsonDocument(name, texts.join('\n'))];
    return;
  }
  if (start.startsWith('<')) {
    summary.container = 'xml';
    const texts = [first.text];
    for await (const batch of rest) for (const line of batch) texts.push(line.text);
    yield [...xmlEvents(name, texts.join('\n'), null, summary)];
    return;
  }
  summary.container = 'syslog';
  let found = 0;
  let skipped = 0;
  const all = (async function* () {
    yield [first];
    yield* rest;
  })();
  for await (const batch of all) {
    const events: TelemetryEvent[] = [];
    for (const line of batch) {
      if (!line.text.includes('<Event')) {
        if (line.text.trim() !== '') skipped++;
        continue;
      }
      for (const event of xmlEvents(name, line.text, line.number, summary)) {
        found++;
        events.push(event);
      }
    }
    yield events;
  }
  if (found === 0)
    throw new TelemetryInputError(
      'unknown_format',
      `${name}: not EVTX, JSON, JSON Lines, event XML or syslog with event XML (line ${first.number}: ${first.text.slice(0, 60)})`,
    );
  if (skipped > 0) summary.problems.push(`${name}: ${skipped} syslog line(s) without an event skipped`);
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function* jsonLines(name: string, first: Line, rest: AsyncIterable<Line[]>): AsyncGenerator<TelemetryEvent[]> {
  const parse = (line: Line, into: TelemetryEvent[]): void => {
    let record: unknown;
    try {
      record = JSON.parse(line.text);
    } catch (error) {
      throw new TelemetryInputError(
        'bad_json',
        `${name}, line ${line.number}: not JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (!isRecord(record)) throw new TelemetryInputError('not_an_object', `${name}, line ${line.number}: an event must be a JSON object`);
    for (const event of documentRecords(name, record)) into.push(event);
  };
  const firstEvents: TelemetryEvent[] = [];
  parse(first, firstEvents);
  yield firstEvents;
  for await (const batch of rest) {
    const events: TelemetryEvent[] = [];
    for (const line of batch) if (line.text.trim() !== '') parse(line, events);
    yield events;
  }
}

function* jsonDocument(name: string, text: string): Generator<TelemetryEvent> {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TelemetryInputError(
      'bad_json',
      `${name}: neither JSON Lines nor one JSON document (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  yield* documentRecords(name, document);
}

/** The records of a JSON document: an array, CloudTrail's {"Records": [...]}, Graph's {"value": [...]}, or one record. */
function* documentRecords(name: string, document: unknown): Generator<TelemetryEvent> {
  const records = Array.isArray(document)
    ? document
    : isRecord(document) && Array.isArray(document['Records'])
      ? document['Records']
      : isRecord(document) && Array.isArray(document['value'])
        ? document['value']
        : [document];
  for (const [index, record] of records.entries()) {
    if (!isRecord(record)) throw new TelemetryInputError('not_an_object', `${name}: record ${index + 1} is not a JSON object`);
    yield recognise(record);
  }
}

function* xmlEvents(name: string, text: string, line: number | null, summary: InputSummary): Generator<TelemetryEvent> {
  for (const match of text.matchAll(EVENT_XML)) {
    try {
      const event = windowsEvent(eventJson(parseEventXml(match[0])));
      if (event) yield event;
      else summary.problems.push(`${name}${line === null ? '' : `, line ${line}`}: an <Event> without <System> skipped`);
    } catch (error) {
      if (!(error instanceof EventXmlError)) throw error;
      throw new TelemetryInputError('bad_xml', `${name}${line === null ? '' : `, line ${line}`}: ${error.message}`);
    }
  }
}

/**
 * UTF-8 lines with their 1-based numbers, split as the bytes arrive, one batch per block read. Lines
 * are cut at newline bytes and decoded one by one: a block decoded whole becomes a two-byte string as
 * soon as one character is not ASCII, which is several times slower to decode and split.
 */
async function* textLines(bytes: AsyncIterable<Buffer>): AsyncGenerator<Line[]> {
  const carried: Buffer[] = [];
  let number = 0;
  const line = (raw: Buffer): Line => {
    const end = raw.length > 0 && raw[raw.length - 1] === CR ? raw.length - 1 : raw.length;
    const text = raw.toString('utf8', 0, end);
    return { text: number === 0 && text.charCodeAt(0) === BOM ? text.slice(1) : text, number: ++number };
  };
  for await (const piece of bytes) {
    const lines: Line[] = [];
    let start = 0;
    for (let end = piece.indexOf(LF); end >= 0; end = piece.indexOf(LF, start)) {
      let raw = piece.subarray(start, end);
      if (carried.length > 0) {
        carried.push(raw);
        raw = Buffer.concat(carried);
        carried.length = 0;
      }
      lines.push(line(raw));
      start = end + 1;
    }
    if (start < piece.length) carried.push(piece.subarray(start));
    yield lines;
  }
  if (carried.length > 0) yield [line(Buffer.concat(carried))];
}

const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** The first `size` bytes (fewer at the end of the stream), and the whole stream again. */
async function peek(bytes: AsyncIterable<Buffer>, size: number): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  const iterator = bytes[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const piece = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
    taken.push(piece);
    length += piece.length;
  }
  const head = Buffer.concat(taken);
  const rest = (async function* () {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
    }
  })();
  return { head, rest };
}
