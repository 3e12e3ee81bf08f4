import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../..');

/** Changes whenever a migration or the PGlite build changes, so a stale image is never loaded. */
function imageKey(migrationsDir: string): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  hash.update(pglite.version);
  for (const entry of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = join(migrationsDir, entry);
    if (entry.endsWith('.sql')) hash.update(entry).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data directory (tarball) that createTestDb and openTestDatabase start every suite's in-memory
 * database from: an empty cluster's initdb plus the migrations cost a suite 4–7 s of CPU, loading the image about
 * 0.5 s. Built once per migration set and kept in the temp folder across runs.
 */
export function migratedPgliteImage(): string {
  const migrationsDir = process.env['MIGRATIONS_DIR'] ?? join(repoRoot, 'prisma/migrations');
  const file = join(tmpdir(), `huntforge-test-pglite-${imageKey(migrationsDir)}.tar`);
  if (existsSync(file)) return file;
  const partial = `${file}.${process.pid}.partial`;
  execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), [join(__dirname, 'pglite-image.ts'), partial], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  renameSync(partial, file);
  return file;
}
