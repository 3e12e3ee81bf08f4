import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSource } from './database/database-source';
import { copyFileAtomically, collectStateFiles, type StateFolder } from './files/state-files';
import { fingerprintFile } from './manifest/checksum';
import { BACKUP_FORMAT_VERSION, MANIFEST_FILE, serializeManifest, type Manifest, type ManifestFile } from './manifest/manifest';
import { newBackupId, PARTIAL_SUFFIX } from './store/backup-store';

export interface CreateBackupOptions {
  backupDir: string;
  database: DatabaseSource;
  /** DATA_DIR (role data) and a model folder outside it, if any (role artifacts). */
  stateFolders: readonly StateFolder[];
  now?: Date;
  /** Called after the database dump and after each state file: how many of the backup's files are written. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes one backup: the database dump, then every state file, each with its checksum, then the
 * manifest. It is built under `<id>.partial` and renamed when complete, so list, restore and prune
 * never see half a backup; a failure removes the partial folder.
 */
export async function createBackup(options: CreateBackupOptions): Promise<Manifest> {
  const now = options.now ?? new Date();
  const id = newBackupId(now);
  const finalPath = join(options.backupDir, id);
  const partial = `${finalPath}${PARTIAL_SUFFIX}`;
  try {
    await options.database.check();
    // A backup holds the settings key and every credential: only the service's user may read it.
    await mkdir(options.backupDir, { recursive: true, mode: 0o700 });
    await mkdir(join(partial, 'database'), { recursive: true, mode: 0o700 });
    const schemaMigration = await options.database.latestMigration();
    const dump = await options.database.dumpTo(join(partial, 'database'));

    const files: ManifestFile[] = [
      { path: `database/${dump.fileName}`, role: 'database', ...(await fingerprintFile(join(partial, 'database', dump.fileName))) },
    ];
    const stateFiles = await collectStateFiles(options.stateFolders, [options.backupDir]);
    const total = 1 + stateFiles.length;
    options.onProgress?.(files.length, total);
    for (const file of stateFiles) {
      const path = `${file.role}/${file.relativePath}`;
      await copyFileAtomically(file.absolutePath, join(partial, path), file.mode);
      files.push({ path, role: file.role, ...(await fingerprintFile(join(partial, path))), mode: file.mode });
      options.onProgress?.(files.length, total);
    }

    const manifest: Manifest = {
      format_version: BACKUP_FORMAT_VERSION,
      id,
      created_at: now.toISOString(),
      schema_migration: schemaMigration,
      database: {
        kind: options.database.kind,
        dump_format: dump.format,
        ...(dump.serverVersion ? { server_version: dump.serverVersion } : {}),
      },
      files,
    };
    await writeFile(join(partial, MANIFEST_FILE), serializeManifest(manifest), { mode: 0o600 });
    await rename(partial, finalPath);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}
