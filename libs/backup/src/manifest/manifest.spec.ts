import { BackupError } from '../errors';
import { BACKUP_FORMAT_VERSION, parseManifest, serializeManifest, totalSize, type Manifest } from './manifest';

const manifest = (overrides: Partial<Manifest> = {}): Manifest => ({
  format_version: BACKUP_FORMAT_VERSION,
  id: 'huntforge-20261126T020000123Z-a1b2c3',
  created_at: '2026-11-26T02:00:00.123Z',
  schema_migration: '20261125230000_execution_corpus_coverage',
  database: { kind: 'pglite', dump_format: 'pglite-datadir-tgz' },
  files: [
    { path: 'database/pglite-datadir.tar.gz', role: 'database', size: 10, sha256: 'a'.repeat(64) },
    { path: 'data/settings-encryption.key', role: 'data', size: 65, sha256: 'b'.repeat(64), mode: 0o600 },
  ],
  ...overrides,
});

const refusal = (text: string): BackupError => {
  try {
    parseManifest(text);
  } catch (error) {
    if (error instanceof BackupError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('backup manifest', () => {
  it('round-trips through its JSON form and sums the file sizes', () => {
    const original = manifest();
    expect(parseManifest(serializeManifest(original))).toEqual(original);
    expect(totalSize(original)).toBe(75);
  });

  it('refuses text that is not JSON, and a manifest missing fields', () => {
    expect(refusal('{not json').code).toBe('backup_manifest_invalid');
    const { schema_migration: _dropped, ...rest } = manifest();
    const missing = refusal(JSON.stringify(rest));
    expect(missing.code).toBe('backup_manifest_invalid');
    expect(missing.message).toContain('schema_migration');
  });

  it('refuses a format from a newer Huntforge by name instead of misreading it', () => {
    const newer = refusal(JSON.stringify({ ...manifest(), format_version: BACKUP_FORMAT_VERSION + 1, layout: 'something else' }));
    expect(newer.code).toBe('backup_format_unsupported');
  });

  it.each(['../outside', '/etc/passwd', 'data/../../x', 'data//x', 'data\\x', 'data/./x'])('refuses the unsafe path %s', (path) => {
    const files = [{ path, role: 'data' as const, size: 1, sha256: 'c'.repeat(64) }];
    expect(refusal(JSON.stringify(manifest({ files }))).code).toBe('backup_manifest_invalid');
  });

  it('refuses a file listed twice and a malformed checksum', () => {
    const file = { path: 'data/a', role: 'data' as const, size: 1, sha256: 'c'.repeat(64) };
    expect(refusal(JSON.stringify(manifest({ files: [file, file] }))).message).toContain('twice');
    expect(refusal(JSON.stringify(manifest({ files: [{ ...file, sha256: 'XYZ' }] }))).code).toBe('backup_manifest_invalid');
  });
});
