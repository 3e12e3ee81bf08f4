import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The first `<ancestor>/<relativePath>` that exists, walking up from each start directory in turn
 * (source under jest/tsx starts at the file's folder, a bundled app at the working directory); null when
 * none does. How the shipped fixtures, the sources file and the built web pages are found.
 */
export function findUpwards(relativePath: string, startDirs: readonly string[]): string | null {
  for (const start of startDirs) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, relativePath);
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}
