import { BackupError } from './errors';
import { totalSize, type Manifest } from './manifest/manifest';
import { verifyBackupFiles, type FileProblem } from './manifest/verify';
import { backupIds, backupPath, readManifest } from './store/backup-store';

export interface BackupSummary {
  id: string;
  /** null when the manifest is unreadable. */
  manifest: Manifest | null;
  createdAt: Date | null;
  sizeBytes: number;
  /** Manifest readable and, when verified, every file intact. */
  valid: boolean;
  /** Why the backup is not valid (unreadable manifest, or the files that do not match). */
  problems: string[];
}

export interface VerifiedBackup {
  manifest: Manifest;
  problems: FileProblem[];
}

/** Reads a backup's manifest and checks every file; throws BackupError when the manifest itself is unusable. */
export async function verifyBackup(backupDir: string, id: string): Promise<VerifiedBackup> {
  const manifest = await readManifest(backupDir, id);
  return { manifest, problems: await verifyBackupFiles(backupPath(backupDir, id), manifest) };
}

/** The backups in `backupDir`, newest first; `verify` also checks every checksum (reads every byte). */
export async function listBackups(backupDir: string, options: { verify?: boolean } = {}): Promise<BackupSummary[]> {
  const summaries: BackupSummary[] = [];
  for (const id of await backupIds(backupDir)) {
    try {
      const { manifest, problems } = options.verify
        ? await verifyBackup(backupDir, id)
        : { manifest: await readManifest(backupDir, id), problems: [] };
      summaries.push({
        id,
        manifest,
        createdAt: new Date(manifest.created_at),
        sizeBytes: totalSize(manifest),
        valid: problems.length === 0,
        problems: problems.map((problem) => `${problem.path}: ${problem.problem}`),
      });
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      summaries.push({ id, manifest: null, createdAt: null, sizeBytes: 0, valid: false, problems: [error.message] });
    }
  }
  return summaries.sort((a, b) => b.id.localeCompare(a.id));
}
