import { crc32 } from 'node:zlib';

/** One event for a fixture EVTX file. */
export interface FixtureEvent {
  provider: string;
  eventId: number;
  channel: string;
  computer: string;
  time: Date;
  /** EventData's named values (numbers written as UInt32, text as UTF-16). */
  data: Record<string, string | number>;
  /** Written as a SID substitution under System/Security, or left out (an optional substitution with no value). */
  userSid?: string;
}

const FILE_HEADER_SIZE = 4096;
const CHUNK_SIZE = 65536;
const FILETIME_EPOCH_OFFSET = 116_444_736_000_000_000n;
const TYPES = { string: 0x01, uint16: 0x06, uint32: 0x08, uint64: 0x0a, filetime: 0x11, sid: 0x13, null: 0x00 } as const;

/** A growing little-endian byte buffer whose offsets are chunk offsets. */
class ChunkWriter {
  private buffer = Buffer.alloc(CHUNK_SIZE);
  pos = 512;
  private readonly names = new Map<string, number>();

  u8(value: number): void {
    this.buffer.writeUInt8(value, this.pos);
    this.pos += 1;
  }
  u16(value: number): void {
    this.buffer.writeUInt16LE(value, this.pos);
    this.pos += 2;
  }
  u32(value: number): void {
    this.buffer.writeUInt32LE(value, this.pos);
    this.pos += 4;
  }
  u64(value: bigint): void {
    this.buffer.writeBigUInt64LE(value, this.pos);
    this.pos += 8;
  }
  bytes(data: Buffer): void {
    data.copy(this.buffer, this.pos);
    this.pos += data.length;
  }
  patch32(at: number, value: number): void {
    this.buffer.writeUInt32LE(value, at);
  }
  /** A name by chunk offset, written inline where it is first used. */
  name(text: string): void {
    const known = this.names.get(text);
    if (known !== undefined) return this.u32(known);
    const offset = this.pos + 4;
    this.names.set(text, offset);
    this.u32(offset);
    this.u32(0);
    this.u16(0);
    this.u16(text.length);
    this.bytes(Buffer.from(text, 'utf16le'));
    this.u16(0);
  }
  fits(extra: number): boolean {
    return this.pos + extra < CHUNK_SIZE - 64;
  }
  finish(): Buffer {
    return this.buffer;
  }
}

type Body =
  | { kind: 'element'; name: string; attributes: Array<[string, Body[]]>; children: Body[] }
  | { kind: 'text'; text: string }
  | { kind: 'sub'; index: number; type: number; optional: boolean };

const el = (name: string, children: Body[] = [], attributes: Array<[string, Body[]]> = []): Body => ({
  kind: 'element',
  name,
  attributes,
  children,
});
const sub = (index: number, type: number, optional = false): Body => ({ kind: 'sub', index, type, optional });

function writeBody(writer: ChunkWriter, body: Body): void {
  if (body.kind === 'text') {
    writer.u8(0x05);
    writer.u8(0x01);
    writer.u16(body.text.length);
    writer.bytes(Buffer.from(body.text, 'utf16le'));
    return;
  }
  if (body.kind === 'sub') {
    writer.u8(body.optional ? 0x0e : 0x0d);
    writer.u16(body.index);
    writer.u8(body.type);
    return;
  }
  writer.u8(body.attributes.length > 0 ? 0x41 : 0x01);
  writer.u16(0xffff);
  const sizeAt = writer.pos;
  writer.u32(0);
  writer.name(body.name);
  if (body.attributes.length > 0) {
    const listAt = writer.pos;
    writer.u32(0);
    body.attributes.forEach(([name, value], index) => {
      writer.u8(index < body.attributes.length - 1 ? 0x46 : 0x06);
      writer.name(name);
      value.forEach((part) => writeBody(writer, part));
    });
    writer.patch32(listAt, writer.pos - listAt - 4);
  }
  if (body.children.length === 0) writer.u8(0x03);
  else {
    writer.u8(0x02);
    body.children.forEach((child) => writeBody(writer, child));
    writer.u8(0x04);
  }
  writer.patch32(sizeAt, writer.pos - sizeAt - 4);
}

/** The template every fixture event of these EventData names uses, and its substitution values. */
function template(event: FixtureEvent, recordId: number): { body: Body; values: Array<{ type: number; bytes: Buffer }> } {
  const names = Object.keys(event.data);
  const body = el(
    'Event',
    [
      el('System', [
        el('Provider', [], [['Name', [sub(0, TYPES.string)]]]),
        el('EventID', [sub(1, TYPES.uint16)]),
        el('TimeCreated', [], [['SystemTime', [sub(2, TYPES.filetime)]]]),
        el('EventRecordID', [sub(3, TYPES.uint64)]),
        el('Channel', [sub(4, TYPES.string)]),
        el('Computer', [sub(5, TYPES.string)]),
        el('Security', [], [['UserID', [sub(6, TYPES.sid, true)]]]),
      ]),
      el(
        'EventData',
        names.map((name, index) =>
          el(
            'Data',
            [sub(7 + index, typeof event.data[name] === 'number' ? TYPES.uint32 : TYPES.string)],
            [['Name', [{ kind: 'text', text: name }]]],
          ),
        ),
      ),
    ],
    [['xmlns', [{ kind: 'text', text: 'http://schemas.microsoft.com/win/2004/08/events/event' }]]],
  );
  const text = (value: string): Buffer => Buffer.from(value, 'utf16le');
  const u16 = (value: number): Buffer => Buffer.from([value & 0xff, value >> 8]);
  const u32 = (value: number): Buffer => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    return bytes;
  };
  const u64 = (value: bigint): Buffer => {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(value);
    return bytes;
  };
  const values = [
    { type: TYPES.string, bytes: text(event.provider) },
    { type: TYPES.uint16, bytes: u16(event.eventId) },
    { type: TYPES.filetime, bytes: u64(BigInt(event.time.getTime()) * 10_000n + FILETIME_EPOCH_OFFSET) },
    { type: TYPES.uint64, bytes: u64(BigInt(recordId)) },
    { type: TYPES.string, bytes: text(event.channel) },
    { type: TYPES.string, bytes: text(event.computer) },
    event.userSid ? { type: TYPES.sid, bytes: sidBytes(event.userSid) } : { type: TYPES.null, bytes: Buffer.alloc(0) },
    ...names.map((name) => {
      const value = event.data[name] as string | number;
      return typeof value === 'number' ? { type: TYPES.uint32, bytes: u32(value) } : { type: TYPES.string, bytes: text(value) };
    }),
  ];
  return { body, values };
}

function sidBytes(sid: string): Buffer {
  const [, revision, authority, ...parts] = sid.split('-').map((part, index) => (index === 0 ? 0 : Number(part)));
  const bytes = Buffer.alloc(8 + parts.length * 4);
  bytes.writeUInt8(revision as number, 0);
  bytes.writeUInt8(parts.length, 1);
  bytes.writeUIntBE(authority as number, 2, 6);
  parts.forEach((part, index) => bytes.writeUInt32LE(part as number, 8 + index * 4));
  return bytes;
}

/**
 * Writes a small EVTX file (file header, 64 KiB chunks, records of binary XML through template
 * instances whose definitions and names are written inline on first use, as Windows does), for
 * fixtures: our tests never ship a real log. Events go to a new chunk when one is full.
 */
export function buildEvtx(events: readonly FixtureEvent[]): Buffer {
  const chunks: Buffer[] = [];
  let writer = new ChunkWriter();
  let templates = new Map<string, number>();
  let first = 1;
  let recordId = 1;
  const close = (): void => {
    const chunk = writer.finish();
    const freeSpace = writer.pos;
    chunk.write('ElfChnk\0', 0, 'latin1');
    chunk.writeBigUInt64LE(BigInt(first), 8);
    chunk.writeBigUInt64LE(BigInt(recordId - 1), 16);
    chunk.writeBigUInt64LE(BigInt(first), 24);
    chunk.writeBigUInt64LE(BigInt(recordId - 1), 32);
    chunk.writeUInt32LE(128, 40);
    chunk.writeUInt32LE(freeSpace, 48);
    chunk.writeUInt32LE(crc32(chunk.subarray(512, freeSpace)), 52);
    chunk.writeUInt32LE(crc32(chunk.subarray(128, 512), crc32(chunk.subarray(0, 120))), 124);
    chunks.push(chunk);
  };
  for (const event of events) {
    if (!writer.fits(4096)) {
      close();
      writer = new ChunkWriter();
      templates = new Map();
      first = recordId;
    }
    const start = writer.pos;
    writer.u32(0x00002a2a);
    writer.u32(0);
    writer.u64(BigInt(recordId));
    writer.u64(BigInt(event.time.getTime()) * 10_000n + FILETIME_EPOCH_OFFSET);
    writer.bytes(Buffer.from([0x0f, 0x01, 0x01, 0x00]));
    const { body, values } = template(event, recordId);
    const shape = JSON.stringify(body);
    writer.u8(0x0c);
    writer.u8(0x01);
    writer.u32(templates.size + 1);
    const defined = templates.get(shape);
    if (defined !== undefined) writer.u32(defined);
    else {
      const definitionAt = writer.pos + 4;
      templates.set(shape, definitionAt);
      writer.u32(definitionAt);
      writer.u32(0);
      writer.bytes(Buffer.alloc(16, 0x11));
      const sizeAt = writer.pos;
      writer.u32(0);
      writer.bytes(Buffer.from([0x0f, 0x01, 0x01, 0x00]));
      writeBody(writer, body);
      writer.u8(0x00);
      writer.patch32(sizeAt, writer.pos - sizeAt - 4);
    }
    writer.u32(values.length);
    for (const value of values) {
      writer.u16(value.bytes.length);
      writer.u8(value.type);
      writer.u8(0);
    }
    for (const value of values) writer.bytes(value.bytes);
    writer.u8(0x00);
    const size = writer.pos - start + 4;
    writer.u32(size);
    writer.patch32(start + 4, size);
    recordId++;
  }
  close();
  const header = Buffer.alloc(FILE_HEADER_SIZE);
  header.write('ElfFile\0', 0, 'latin1');
  header.writeBigUInt64LE(BigInt(chunks.length - 1), 16);
  header.writeBigUInt64LE(BigInt(recordId), 24);
  header.writeUInt32LE(128, 32);
  header.writeUInt16LE(1, 36);
  header.writeUInt16LE(3, 38);
  header.writeUInt16LE(FILE_HEADER_SIZE, 40);
  header.writeUInt16LE(chunks.length, 42);
  header.writeUInt32LE(crc32(header.subarray(0, 120)), 124);
  return Buffer.concat([header, ...chunks]);
}
