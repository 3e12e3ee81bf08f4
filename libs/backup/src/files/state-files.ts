import { chmod, copyFile, lstat, mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { FileRole } from '../manifest/manifest';

/** A folder whose files a backup carries, and the role its files get in the manifest. */
export interface StateFolder {
  role: Exclude<FileRole, 'database'>;
  dir: string;
}

export interface StateFile {
  role: StateFolder['role'];
  /** Path relative to its folder, with forward slashes. */
  relativePath: string;
  absolutePath: string;
  mode: number;
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..');
}

/**
 * Skipped: the embedded database and its lock and restore leftovers (`pglite*` at the top, the dump
 * carries the database), the backups themselves, and half-written temporary files.
 */
function skipped(absolutePath: string, topLevelName: string, excluded: readonly string[]): boolean {
  if (topLevelName === 'pglite' || topLevelName.startsWith('pglite.')) return true;
  if (absolutePath.endsWith('.tmp')) return true;
  return excluded.some((dir) => isInside(absolutePath, dir));
}

/** Every regular file under the folders (symlinks are not followed), in a stable order. */
export async function collectStateFiles(folders: readonly StateFolder[], excludedDirs: readonly string[]): Promise<StateFile[]> {
  const excluded = excludedDirs.map((dir) => resolve(dir));
  const files: StateFile[] = [];
  for (const folder of folders) {
    const root = resolve(folder.dir);
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const absolutePath = join(dir, entry.name);
        const relativePath = relative(root, absolutePath).split(sep).join('/');
        if (skipped(absolutePath, relativePath.split('/')[0] ?? '', excluded)) continue;
        if (entry.isDirectory()) await walk(absolutePath);
        else if (entry.isFile())
          files.push({ role: folder.role, relativePath, absolutePath, mode: (await lstat(absolutePath)).mode & 0o777 });
      }
    };
    await walk(root);
  }
  return files;
}

/** Copies through a temporary name and renames, so a reader never sees half a file; keeps the permission bits. */
export async function copyFileAtomically(source: string, target: string, mode?: number): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.copy.tmp`;
  await copyFile(source, temporary);
  if (mode !== undefined) await chmod(temporary, mode);
  await rename(temporary, target);
}
