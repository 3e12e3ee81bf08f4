import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Where prisma/migrations lives. MIGRATIONS_DIR wins; otherwise walk up from this file (source
 * under jest/tsx) and from the working directory (a bundled app in dist/apps/<app>/main.js, where
 * this file's location is the bundle's) until a folder holding prisma/migrations turns up.
 */
export function resolveMigrationsDir(env: NodeJS.ProcessEnv = process.env, startDirs: string[] = [__dirname, process.cwd()]): string {
  const override = env['MIGRATIONS_DIR'];
  if (override && override.trim() !== '') return resolve(override);
  for (const start of startDirs) {
    const found = findUpwards(resolve(start));
    if (found) return found;
  }
  throw new Error(`Cannot find prisma/migrations above ${startDirs.join(' or ')}; set MIGRATIONS_DIR to the migrations folder`);
}

function findUpwards(start: string): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
