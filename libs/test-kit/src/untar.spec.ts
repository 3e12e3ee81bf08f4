import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractTar, seedMigratedDataDir } from './untar';

/** One ustar entry: a 512-byte header (name, octal size, type) and the body padded to whole blocks. */
function entry(name: string, type: '0' | '5', body = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124, 12);
  header.write(type, 156, 1);
  header.write('ustar', 257, 6);
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data]);
}

function tarOf(...entries: Buffer[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'untar-spec-')), 'image.tar');
  writeFileSync(file, Buffer.concat([...entries, Buffer.alloc(1024)]));
  return file;
}

describe('extractTar', () => {
  it('unpacks directories and files (leading slashes dropped) with their exact bytes', () => {
    const long = 'x'.repeat(700);
    const file = tarOf(entry('/base', '5'), entry('/base/1/PG_VERSION', '0', '17\n'), entry('/global/pg_control', '0', long));
    const out = mkdtempSync(join(tmpdir(), 'untar-out-'));
    extractTar(file, out);
    expect(readFileSync(join(out, 'base/1/PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(out, 'global/pg_control'), 'utf8')).toBe(long);
  });

  it('refuses an entry that would land outside the target folder, and links', () => {
    const out = mkdtempSync(join(tmpdir(), 'untar-out-'));
    expect(() => extractTar(tarOf(entry('../escape', '0', 'x')), out)).toThrow('outside the target folder');
    const link = entry('link', '0');
    link.write('2', 156, 1);
    expect(() => extractTar(tarOf(link), out)).toThrow("unsupported tar entry type '2'");
  });
});

describe('seedMigratedDataDir', () => {
  it('unpacks TEST_PGLITE_IMAGE under <dataDir>/pglite, and does nothing without it', () => {
    const image = tarOf(entry('PG_VERSION', '0', '17\n'));
    const dataDir = mkdtempSync(join(tmpdir(), 'seed-'));
    expect(seedMigratedDataDir(dataDir, {})).toBe(false);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(seedMigratedDataDir(dataDir, { TEST_PGLITE_IMAGE: image })).toBe(true);
    expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
