import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BackupError } from '../errors';
import { MANIFEST_FILE, parseManifest, type Manifest } from '../manifest/manifest';

/** Folder names of finished backups; a backup being written carries PARTIAL_SUFFIX until it is complete. */
export const BACKUP_ID_PATTERN = /^huntforge-\d{8}T\d{9}Z-[0-9a-f]{6}$/;
export const PARTIAL_SUFFIX = '.partial';

/** Sortable by time, unique within the millisecond: huntforge-20261126T020000123Z-a1b2c3. */
export function newBackupId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `huntforge-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Where backups go: BACKUP_DIR, else DATA_DIR/backups. */
export function resolveBackupDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['BACKUP_DIR']?.trim();
  return configured ? configured : join(dataDir, 'backups');
}

export function backupPath(backupDir: string, id: string): string {
  if (!BACKUP_ID_PATTERN.test(id)) throw new BackupError('backup_not_found', `"${id}" is not a backup id (huntforge-<time>-<hex>)`);
  return join(backupDir, id);
}

/** The ids of finished backups in `backupDir`, oldest first (none when the folder does not exist). */
export async function backupIds(backupDir: string): Promise<string[]> {
  const entries = await readdir(backupDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isDirectory() && BACKUP_ID_PATTERN.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

export async function readManifest(backupDir: string, id: string): Promise<Manifest> {
  const text = await readFile(join(backupPath(backupDir, id), MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError('backup_not_found', `no backup ${id} in ${backupDir}`);
    throw error;
  });
  const manifest = parseManifest(text);
  if (manifest.id !== id)
    throw new BackupError('backup_manifest_invalid', `manifest.json names backup ${manifest.id}, but its folder is ${id}`);
  return manifest;
}
