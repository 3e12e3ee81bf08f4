import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Folders of a Sigma repository that never hold active rules. */
const SKIPPED_DIRS = new Set(['.git', 'deprecated', 'unsupported', 'node_modules', 'tests', '.github']);

export interface RuleFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

/** Every `.yml`/`.yaml` file under `root`, skipping deprecated/unsupported folders. */
export async function readRuleFiles(root: string): Promise<RuleFile[]> {
  const files: RuleFile[] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(full);
      } else if (/\.ya?ml$/i.test(entry.name)) {
        files.push({ path: relative(root, full).split('\\').join('/'), text: await readFile(full, 'utf8') });
      }
    }
  }
  await walk(root);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
