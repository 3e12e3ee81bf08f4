import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Where the built web application lives: WEB_DIST_DIR, else `dist/web` found by walking up from this
 * file (source under tsx/jest) and from the working directory (a bundled app).
 */
export function findWebDist(override?: string, startDirs: string[] = [__dirname, process.cwd()]): string | null {
  if (override) return existsSync(join(override, 'index.html')) ? resolve(override) : null;
  for (const start of startDirs) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, 'dist', 'web');
      if (existsSync(join(candidate, 'index.html'))) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}
