import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The shipped fixtures/sources.yaml: walk up from this file (source under jest/tsx) and from the
 * working directory (a bundled app) until it turns up. SOURCES_FILE overrides it.
 */
export function defaultSourcesFile(startDirs: string[] = [__dirname, process.cwd()]): string {
  for (const start of startDirs) {
    let dir = resolve(start);
    for (;;) {
      const candidate = join(dir, 'fixtures', 'sources.yaml');
      if (existsSync(candidate)) return candidate;
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return resolve(process.cwd(), 'fixtures', 'sources.yaml');
}
