import { z } from 'zod';
import { BackupError } from '../errors';

/** Bumped when the layout changes in a way an older restore could misread. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_FILE = 'manifest.json';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** database: the dump; data: DATA_DIR's other state (key, synced corpora, models); artifacts: a model folder outside DATA_DIR. */
export const FILE_ROLES = ['database', 'data', 'artifacts'] as const;
export type FileRole = (typeof FILE_ROLES)[number];

// A manifest names where restore writes: refuse anything that could step outside the backup or the target.
const safeRelativePath = z
  .string()
  .min(1)
  .refine(
    (path) =>
      !path.startsWith('/') && !path.includes('\\') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    {
      message: 'must be a relative path without . or .. segments',
    },
  );

export const manifestFileSchema = z.object({
  path: safeRelativePath,
  role: z.enum(FILE_ROLES),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Permission bits, so the encryption key comes back 0600. */
  mode: z.number().int().min(0).max(0o777).optional(),
});

export const manifestSchema = z.object({
  format_version: z.number().int().positive(),
  id: z.string().min(1),
  created_at: z.iso.datetime(),
  /** The newest migration applied when the backup was taken (null: an empty database). */
  schema_migration: z.string().nullable(),
  database: z.object({
    kind: z.enum(DATABASE_KINDS),
    dump_format: z.enum(['pglite-datadir-tgz', 'pg-dump-custom']),
    server_version: z.string().optional(),
  }),
  files: z.array(manifestFileSchema),
});

export type ManifestFile = z.infer<typeof manifestFileSchema>;
export type Manifest = z.infer<typeof manifestSchema>;

/** Parses manifest.json text; a format from a newer Huntforge is refused by name rather than misread. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError('backup_manifest_invalid', 'manifest.json is not JSON');
  }
  const version = z.object({ format_version: z.number().int() }).safeParse(raw);
  if (version.success && version.data.format_version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      'backup_format_unsupported',
      `backup format ${version.data.format_version} is newer than this Huntforge reads (${BACKUP_FORMAT_VERSION}); restore it with a newer Huntforge`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`);
    throw new BackupError('backup_manifest_invalid', `manifest.json is invalid: ${problems.join('; ')}`, problems);
  }
  const paths = new Set<string>();
  for (const file of parsed.data.files) {
    if (paths.has(file.path)) throw new BackupError('backup_manifest_invalid', `manifest.json lists ${file.path} twice`);
    paths.add(file.path);
  }
  return parsed.data;
}

export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function totalSize(manifest: Manifest): number {
  return manifest.files.reduce((sum, file) => sum + file.size, 0);
}
