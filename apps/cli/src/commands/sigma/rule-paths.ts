import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Rule files named by `paths`: files as given, folders searched recursively for .yml/.yaml. */
export function collectRuleFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && entry.name !== 'node_modules') walk(path);
      } else if (/\.ya?ml$/i.test(entry.name)) files.push(path);
    }
  };
  for (const path of paths) {
    if (statSync(path).isDirectory()) walk(path);
    else files.push(path);
  }
  return files;
}
