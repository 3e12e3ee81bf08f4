import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MigrationFile {
  /** Folder name, e.g. `20261121061500_init`; migrations apply in its lexical order. */
  name: string;
  script: string;
  /** SHA-256 (hex) of migration.sql, as `prisma migrate` records it. */
  checksum: string;
}

export function checksumOf(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

/** Every `<name>/migration.sql` under `dir`, in apply order. */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: checksumOf(script) };
    }),
  );
}
