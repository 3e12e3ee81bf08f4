import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Unpacks an uncompressed (ustar) tarball of files and directories into `dir`, e.g. a PGlite data-directory image
 * into the folder an on-disk PGlite opens. Links and special files are refused: an image holds none.
 */
export function extractTar(file: string, dir: string): void {
  const tar = readFileSync(file);
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const prefix = field(header, 345, 155);
    const name = normalize((prefix ? `${prefix}/` : '') + field(header, 0, 100)).replace(/^\/+/, '');
    if (name.startsWith('..')) throw new Error(`tar entry outside the target folder: ${name}`);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = offset + BLOCK;
    if (type === '5') mkdirSync(join(dir, name), { recursive: true });
    else if (type === '0' || type === '\0') {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), tar.subarray(body, body + size));
    } else throw new Error(`unsupported tar entry type '${type}' for ${name}`);
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/**
 * Gives an on-disk PGlite under `dataDir` (the runners' DATA_DIR) the migrated image npm test's global setup built
 * (TEST_PGLITE_IMAGE), so a service started there skips initdb and the migrations: on a loaded 2-core machine a fresh
 * on-disk cluster took 83 s, the unpacked image 8 s. Without the variable (a bare jest run) it does nothing.
 */
export function seedMigratedDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const image = env['TEST_PGLITE_IMAGE'];
  if (!image) return false;
  extractTar(image, join(dataDir, 'pglite'));
  return true;
}
