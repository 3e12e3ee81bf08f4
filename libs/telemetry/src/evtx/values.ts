/** A value of binary XML as JSON: evtx_dump's rendering (numbers stay numbers, GUIDs upper case without braces). */
export type EvtxValue = string | number | boolean | null | EvtxValue[];

const FILETIME_EPOCH_OFFSET = 116_444_736_000_000_000n; // 100 ns ticks from 1601 to 1970

/** Reads a substitution value of binary XML type `type` from `size` bytes at `offset`. */
export function readValue(buffer: Buffer, offset: number, size: number, type: number): EvtxValue {
  if (type & 0x80) return readArray(buffer, offset, size, type & 0x7f);
  switch (type) {
    case 0x00:
      return null;
    case 0x01:
      return utf16(buffer, offset, size).trim();
    case 0x02:
      return buffer.toString('latin1', offset, offset + size).replace(/\0+$/, '');
    case 0x03:
      return buffer.readInt8(offset);
    case 0x04:
      return buffer.readUInt8(offset);
    case 0x05:
      return buffer.readInt16LE(offset);
    case 0x06:
      return buffer.readUInt16LE(offset);
    case 0x07:
      return buffer.readInt32LE(offset);
    case 0x08:
      return buffer.readUInt32LE(offset);
    case 0x09:
      return safeNumber(buffer.readBigInt64LE(offset));
    case 0x0a:
      return safeNumber(buffer.readBigUInt64LE(offset));
    case 0x0b:
      return buffer.readFloatLE(offset);
    case 0x0c:
      return buffer.readDoubleLE(offset);
    case 0x0d:
      return buffer.readUInt32LE(offset) !== 0;
    case 0x0e:
      return buffer.toString('hex', offset, offset + size).toUpperCase();
    case 0x0f:
      return guid(buffer, offset);
    case 0x10:
      return `0x${(size === 8 ? buffer.readBigUInt64LE(offset) : BigInt(buffer.readUInt32LE(offset))).toString(16)}`;
    case 0x11:
      return filetime(buffer.readBigUInt64LE(offset));
    case 0x12:
      return systemtime(buffer, offset);
    case 0x13:
      return sid(buffer, offset);
    case 0x14:
      return `0x${buffer.readUInt32LE(offset).toString(16)}`;
    case 0x15:
      return `0x${buffer.readBigUInt64LE(offset).toString(16)}`;
    default:
      // EvtHandle, EvtXml and unknown types: their bytes, as evtx_dump shows binary.
      return buffer.toString('hex', offset, offset + size).toUpperCase();
  }
}

const FIXED_SIZES: Record<number, number> = {
  0x03: 1,
  0x04: 1,
  0x05: 2,
  0x06: 2,
  0x07: 4,
  0x08: 4,
  0x09: 8,
  0x0a: 8,
  0x0b: 4,
  0x0c: 8,
  0x0d: 4,
  0x0f: 16,
  0x11: 8,
  0x12: 16,
  0x14: 4,
  0x15: 8,
};

function readArray(buffer: Buffer, offset: number, size: number, type: number): EvtxValue[] {
  if (type === 0x01) return utf16Raw(buffer, offset, size).split('\0').slice(0, -1);
  if (type === 0x02)
    return buffer
      .toString('latin1', offset, offset + size)
      .split('\0')
      .slice(0, -1);
  if (type === 0x13) {
    const values: EvtxValue[] = [];
    for (let at = offset; at < offset + size; at += 8 + 4 * buffer.readUInt8(at + 1)) values.push(sid(buffer, at));
    return values;
  }
  const width = FIXED_SIZES[type] ?? (type === 0x10 ? 8 : 0);
  if (width === 0) return [readValue(buffer, offset, size, type)];
  const values: EvtxValue[] = [];
  for (let at = offset; at + width <= offset + size; at += width) values.push(readValue(buffer, at, width, type));
  return values;
}

function utf16Raw(buffer: Buffer, offset: number, size: number): string {
  return buffer.toString('utf16le', offset, offset + (size & ~1));
}

export function utf16(buffer: Buffer, offset: number, size: number): string {
  return utf16Raw(buffer, offset, size).replace(/\0+$/, '');
}

function safeNumber(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
}

export function guid(buffer: Buffer, offset: number): string {
  const hex = (start: number, end: number): string => buffer.toString('hex', offset + start, offset + end);
  const swapped = (start: number, length: number): string =>
    Buffer.from(buffer.subarray(offset + start, offset + start + length))
      .reverse()
      .toString('hex');
  return `${swapped(0, 4)}-${swapped(4, 2)}-${swapped(6, 2)}-${hex(8, 10)}-${hex(10, 16)}`.toUpperCase();
}

/** A FILETIME as ISO-8601 with microseconds (evtx_dump's usual rendering). */
export function filetime(ticks: bigint): string {
  const sinceEpoch = ticks - FILETIME_EPOCH_OFFSET;
  const date = new Date(Number(sinceEpoch / 10_000_000n) * 1000);
  if (Number.isNaN(date.getTime())) return ticks.toString();
  const micros = Number((((sinceEpoch % 10_000_000n) + 10_000_000n) % 10_000_000n) / 10n);
  return `${date.toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;
}

function systemtime(buffer: Buffer, offset: number): string {
  const [year, month, , day, hour, minute, second, millis] = Array.from({ length: 8 }, (_, index) =>
    buffer.readUInt16LE(offset + index * 2),
  );
  const pad = (value: number | undefined, width = 2): string => String(value ?? 0).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(millis, 3)}Z`;
}

function sid(buffer: Buffer, offset: number): string {
  const revision = buffer.readUInt8(offset);
  const count = buffer.readUInt8(offset + 1);
  const authority = buffer.readUIntBE(offset + 2, 6);
  const parts = Array.from({ length: count }, (_, index) => buffer.readUInt32LE(offset + 8 + index * 4));
  return ['S', revision, authority, ...parts].join('-');
}
