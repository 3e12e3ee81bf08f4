import { gunzipSync } from 'node:zlib';
import { BackupError } from '../errors';

const BLOCK = 512;

function invalid(reason: string): BackupError {
  return new BackupError('backup_archive_invalid', `the embedded database archive is damaged (${reason}); nothing was restored`);
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number | null {
  const field = text(header, start, length).trim();
  return /^[0-7]+$/.test(field) ? parseInt(field, 8) : null;
}

/** A tar header's checksum: the sum of its bytes with the checksum field itself read as spaces. */
function headerChecksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

/** Walks every tar header: checksums, sizes within the archive, names inside the data directory, and a PG_VERSION file. */
function checkTar(tar: Buffer): void {
  let offset = 0;
  let entries = 0;
  let hasVersion = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const recorded = octal(header, 148, 8);
    if (recorded === null || recorded !== headerChecksum(header)) throw invalid(`tar header ${entries + 1} fails its checksum`);
    const size = octal(header, 124, 12);
    if (size === null) throw invalid(`tar entry ${entries + 1} has no readable size`);
    const name = `${text(header, 345, 155)}${text(header, 345, 155) ? '/' : ''}${text(header, 0, 100)}`;
    // PGlite names entries from the data directory's root ('/PG_VERSION'); '..' would climb out of it.
    if (name.split('/').includes('..')) throw invalid(`tar entry ${name} points outside the data directory`);
    if (name === 'PG_VERSION' || name.endsWith('/PG_VERSION')) hasVersion = true;
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (offset > tar.length) throw invalid(`tar entry ${name} is cut short`);
    entries += 1;
  }
  if (entries === 0) throw invalid('the tar archive is empty');
  if (!hasVersion) throw invalid('no PG_VERSION: not a database data directory');
}

/**
 * The embedded database's dump (a gzipped tar of its data directory) unpacked and checked before PGlite sees
 * it: PGlite decompresses in a stream whose errors escape as an uncaught Z_DATA_ERROR, and a well-formed but
 * foreign archive only fails deep in its start-up. Returns the plain tar bytes to load.
 */
export function checkedEmbeddedArchive(bytes: Buffer): Buffer {
  let tar = bytes;
  if (isGzip(bytes)) {
    try {
      tar = gunzipSync(bytes);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw invalid(`not a valid gzip stream${typeof code === 'string' ? `: ${code}` : ''}`);
    }
  }
  checkTar(tar);
  return tar;
}
