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
  return readTelemetry(path, createReadStream(path, { highWaterMark: 1 << 20 }), summary);
}

/**
 * Reads the events of a byte stream named `name` (in messages), recognising the container by its
 * first bytes and each record's format by its shape. The stream is read once, as it arrives.
 */
export async function* readTelemetry(name: string, bytes: AsyncIterable<Buffer>, summary: InputSummary = { path: name, container: '', events: 0, problems: [] }): AsyncGenerator<TelemetryEvent> {
  let { head, rest } = await peek(bytes, 8);
  let container = '';
  if (head.subarray(0, 2).equals(GZIP_MAGIC)) {
    const gunzip = Readable.from(rest).pipe(createGunzip());
    const decompressed = (async function* () {
      try {
        for await (const piece of gunzip) yield piece as Buffer;
      } catch (error) {
        throw new TelemetryInputError('bad_gzip', `${name}: the gzip data is damaged (${error instanceof Error ? error.message : String(error)})`);
      }
    })();
    ({ head, rest } = await peek(decompressed, 8));
    container = '+gzip';
  }
  const evtx = head.subarray(0, 8).equals(FILE_SIGNATURE);
  const events = evtx ? evtxEvents(name, rest, summary) : textEvents(name, rest, summary);
  for await (const event of events) {
    summary.events++;
    yield event;
  }
  summary.container = `${evtx ? 'evtx' : summary.container}${container}`;
}

async function* evtxEvents(name: string, bytes: AsyncIterable<Buffer>, summary: InputSummary): AsyncGenerator<TelemetryEvent> {
  const problems: EvtxProblem[] = [];
  let reported = 0;
  const report = (): void => {
    for (; reported < problems.length; reported++) {
      const problem = problems[reported] as EvtxProblem;
      summary.problems.push(`${name}: ${problem.chunk < 0 ? 'file header' : `chunk ${problem.chunk}`}: ${problem.message}`);
    }
  };
  try {
    for await (const record of readEvtx(bytes, problems)) {
      report();
      const event = windowsEvent(record);
      if (event) yield event;
    }
  } catch (error) {
    if (error instanceof EvtxFileError) throw new TelemetryInputError('bad_evtx', `${name}: ${error.message}`);
    throw error;
  }
  report();
}

/** Text containers: JSON Lines, one JSON document (array, CloudTrail's Records, Graph's value), event XML, syslog. */
async function* textEvents(name: string, bytes: AsyncIterable<Buffer>, summary: InputSummary): AsyncGenerator<TelemetryEvent> {
  const lines = textLines(bytes);
  // Read by hand: leaving a for-await loop early would close the generator.
  let first: { text: string; number: number } | undefined;
  for (let next = await lines.next(); !next.done; next = await lines.next()) {
    if (next.value.text.trim() !== '') {
      first = next.value;
      break;
    }
  }
  if (!first) {
    summary.container = 'empty';
    return;
  }
  const start = first.text.trimStart().replace(/^\uFEFF/, '');
  if (start.startsWith('{') && parsesAsJson(start)) {
    summary.container = 'jsonl';
    yield* jsonLines(name, first, lines);
    return;
  }
  if (start.startsWith('{') || start.startsWith('[')) {
    summary.container = 'json';
    let text = first.text;
    for await (const line of lines) text += `\n${line.text}`;
    yield* jsonDocument(name, text);
    return;
  }
  if (start.startsWith('<')) {
    summary.container = 'xml';
    let text = first.text;
    for await (const line of lines) text += `\n${line.text}`;
    yield* xmlEvents(name, text, null, summary);
    return;
  }
  summary.container = 'syslog';
  let found = 0;
  let skipped = 0;
  const all = (async function* () {
    yield first as { text: string; number: number };
    yield* lines;
  })();
  for await (const line of all) {
    if (!line.text.includes('<Event')) {
      if (line.text.trim() !== '') skipped++;
      continue;
    }
    for (const event of xmlEvents(name, line.text, line.number, summary)) {
      found++;
      yield event;
    }
  }
  if (found === 0) throw new TelemetryInputError('unknown_format', `${name}: not EVTX, JSON, JSON Lines, event XML or syslog with event XML (line ${first.number}: ${first.text.slice(0, 60)})`);
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

async function* jsonLines(name: string, first: { text: string; number: number }, rest: AsyncIterable<{ text: string; number: number }>): AsyncGenerator<TelemetryEvent> {
  const parse = (line: { text: string; number: number }): TelemetryEvent[] => {
    let record: unknown;
    try {
      record = JSON.parse(line.text);
    } catch (error) {
      throw new TelemetryInputError('bad_json', `${name}, line ${line.number}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!isRecord(record)) throw new TelemetryInputError('not_an_object', `${name}, line ${line.number}: an event must be a JSON object`);
    return [...documentRecords(name, record)];
  };
  yield* parse(first);
  for await (const line of rest) if (line.text.trim() !== '') yield* parse(line);
}

function* jsonDocument(name: string, text: string): Generator<TelemetryEvent> {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TelemetryInputError('bad_json', `${name}: neither JSON Lines nor one JSON document (${error instanceof Error ? error.message : String(error)})`);
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

/** UTF-8 lines with their 1-based numbers, split as the bytes arrive. */
async function* textLines(bytes: AsyncIterable<Buffer>): AsyncGenerator<{ text: string; number: number }> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let number = 0;
  for await (const piece of bytes) {
    const text = carry + decoder.decode(piece, { stream: true });
    const parts = text.split('\n');
    carry = parts.pop() ?? '';
    for (const part of parts) yield { text: part.endsWith('\r') ? part.slice(0, -1) : part, number: ++number };
  }
  carry += decoder.decode();
  if (carry !== '') yield { text: carry, number: ++number };
}

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
