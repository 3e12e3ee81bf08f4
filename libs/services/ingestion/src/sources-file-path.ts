import { join, resolve } from 'node:path';
import { findUpwards } from '@huntforge/platform';

/**
 * The shipped fixtures/sources.yaml: walk up from this file (source under jest/tsx) and from the
 * working directory (a bundled app) until it turns up. SOURCES_FILE overrides it.
 */
export function defaultSourcesFile(startDirs: string[] = [__dirname, process.cwd()]): string {
  return findUpwards(join('fixtures', 'sources.yaml'), startDirs) ?? resolve(process.cwd(), 'fixtures', 'sources.yaml');
}
