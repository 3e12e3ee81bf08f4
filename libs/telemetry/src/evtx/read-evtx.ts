import { CHUNK_SIZE, FILE_HEADER_SIZE, FILE_SIGNATURE, fileHeaderProblem, readChunk, type EvtxProblem } from './evtx-chunks';
import { eventJson } from './xml-json';

/** A file that is not EVTX at all (a damaged chunk is reported, not thrown). */
export class EvtxFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvtxFileError';
  }
}

/**
 * The events of an EVTX file, read natively, as evtx_dump's JSON (`{"Event": {"System": …}}`),
 * chunk by chunk as the bytes arrive: the file is never held whole. Damaged chunks and records are
 * skipped and added to `problems`.
 */
export async function* readEvtx(bytes: AsyncIterable<Buffer>, problems: EvtxProblem[]): AsyncGenerator<Record<string, unknown>> {
  let pending: Buffer = Buffer.alloc(0);
  let headerSize = -1;
  let chunkIndex = 0;
  for await (const piece of bytes) {
    pending = pending.length === 0 ? piece : Buffer.concat([pending, piece]);
    if (headerSize < 0) {
      if (pending.length < FILE_HEADER_SIZE) continue;
      headerSize = checkHeader(pending, problems);
      pending = pending.subarray(headerSize);
    }
    while (pending.length >= CHUNK_SIZE) {
      const chunk = pending.subarray(0, CHUNK_SIZE);
      pending = pending.subarray(CHUNK_SIZE);
      for (const record of readChunk(chunk, chunkIndex++, problems)) yield eventJson(record.root);
    }
  }
  if (headerSize < 0) {
    if (!pending.subarray(0, 8).equals(FILE_SIGNATURE)) throw new EvtxFileError('not an EVTX file (no ElfFile signature)');
    throw new EvtxFileError(`the file ends inside the EVTX file header (${pending.length} bytes)`);
  }
  if (pending.length > 0 && !pending.every((byte) => byte === 0)) {
    problems.push({ chunk: chunkIndex, message: `truncated chunk (${pending.length} of ${CHUNK_SIZE} bytes): skipped` });
  }
}

/**
 * The header block's size (chunks follow it); throws when the bytes are not EVTX, and reports a
 * damaged header but goes on: every chunk carries its own offsets.
 */
function checkHeader(bytes: Buffer, problems: EvtxProblem[]): number {
  const problem = fileHeaderProblem(bytes);
  if (problem?.startsWith('not an EVTX')) throw new EvtxFileError(problem);
  if (problem) problems.push({ chunk: -1, message: problem });
  return FILE_HEADER_SIZE;
}
