import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findUpwards } from '@huntforge/platform';

/**
 * Where the built web application lives: WEB_DIST_DIR, else `dist/web` found by walking up from this
 * file (source under tsx/jest) and from the working directory (a bundled app).
 */
export function findWebDist(override?: string, startDirs: string[] = [__dirname, process.cwd()]): string | null {
  if (override) return existsSync(join(override, 'index.html')) ? resolve(override) : null;
  const shell = findUpwards(join('dist', 'web', 'index.html'), startDirs);
  return shell ? dirname(shell) : null;
}
