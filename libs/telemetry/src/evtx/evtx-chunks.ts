import { crc32 } from 'node:zlib';
import { BinXmlReader, type XmlElement, isElement } from './binxml';

export const FILE_SIGNATURE = Buffer.from('ElfFile\0', 'latin1');
const CHUNK_SIGNATURE = Buffer.from('ElfChnk\0', 'latin1');
export const FILE_HEADER_SIZE = 4096;
export const CHUNK_SIZE = 65536;
const CHUNK_HEADER_SIZE = 512;
const RECORD_SIGNATURE = 0x00002a2a;

/** One event record of an EVTX chunk: its id, when it was written, and its XML. */
export interface EvtxRecord {
  recordId: number;
  written: bigint;
  root: XmlElement;
}

/** Something in the file that could not be read; the reader goes on after it. */
export interface EvtxProblem {
  chunk: number;
  record?: number;
  message: string;
}

/** Checks the file header: its signature, and its checksum over the first 120 bytes. */
export function fileHeaderProblem(header: Buffer): string | null {
  if (header.length < 128 || !header.subarray(0, 8).equals(FILE_SIGNATURE)) return 'not an EVTX file (no ElfFile signature)';
  if (crc32(header.subarray(0, 120)) !== header.readUInt32LE(124))
    return 'the file header checksum does not match (the file header is damaged)';
  return null;
}

/**
 * The records of one 64 KiB chunk. A chunk whose signature or checksums do not match is skipped
 * whole (its offsets cannot be trusted); a record that cannot be read is skipped and the rest of the
 * chunk still read when the record's own size can be trusted.
 */
export function readChunk(chunk: Buffer, index: number, problems: EvtxProblem[]): EvtxRecord[] {
  if (chunk.length < CHUNK_SIZE) {
    problems.push({ chunk: index, message: `truncated chunk (${chunk.length} of ${CHUNK_SIZE} bytes): skipped` });
    return [];
  }
  if (!chunk.subarray(0, 8).equals(CHUNK_SIGNATURE)) {
    // Preallocated space at the end of a log is all zeros: nothing to report there.
    if (!chunk.subarray(0, 8).every((byte) => byte === 0)) problems.push({ chunk: index, message: 'no chunk signature: skipped' });
    return [];
  }
  const headerChecksum = crc32(chunk.subarray(CHUNK_HEADER_SIZE - 384, CHUNK_HEADER_SIZE), crc32(chunk.subarray(0, 120)));
  if (headerChecksum !== chunk.readUInt32LE(124)) {
    problems.push({ chunk: index, message: 'the chunk header checksum does not match: skipped' });
    return [];
  }
  const freeSpace = chunk.readUInt32LE(48);
  if (freeSpace < CHUNK_HEADER_SIZE || freeSpace > CHUNK_SIZE) {
    problems.push({ chunk: index, message: `implausible free space offset ${freeSpace}: skipped` });
    return [];
  }
  if (crc32(chunk.subarray(CHUNK_HEADER_SIZE, freeSpace)) !== chunk.readUInt32LE(52)) {
    problems.push({ chunk: index, message: 'the records checksum does not match (damaged records): skipped' });
    return [];
  }
  const reader = new BinXmlReader(chunk);
  const records: EvtxRecord[] = [];
  let offset = CHUNK_HEADER_SIZE;
  while (offset + 28 <= freeSpace) {
    if (chunk.readUInt32LE(offset) !== RECORD_SIGNATURE) {
      problems.push({ chunk: index, message: `no record signature at offset ${offset}: rest of chunk skipped` });
      break;
    }
    const size = chunk.readUInt32LE(offset + 4);
    if (size < 28 || offset + size > freeSpace || chunk.readUInt32LE(offset + size - 4) !== size) {
      problems.push({ chunk: index, message: `record at offset ${offset} has an implausible size ${size}: rest of chunk skipped` });
      break;
    }
    const recordId = Number(chunk.readBigUInt64LE(offset + 8));
    try {
      const root = reader.fragment(offset + 24, offset + size - 4).find(isElement);
      if (!root) throw new Error('the record holds no element');
      records.push({ recordId, written: chunk.readBigUInt64LE(offset + 16), root });
    } catch (error) {
      problems.push({
        chunk: index,
        record: recordId,
        message: `record ${recordId} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    offset += size;
  }
  return records;
}
