import { rm } from 'node:fs/promises';
import { listBackups } from './list-backups';
import { DEFAULT_KEEP, planPrune, type PrunePlan } from './retention/retention';
import { backupPath } from './store/backup-store';

/**
 * Deletes all but the newest `keep` backups (default 14). Every backup is verified first, so the
 * newest intact one survives even when the newer ones are damaged.
 */
export async function pruneBackups(backupDir: string, options: { keep?: number; dryRun?: boolean } = {}): Promise<PrunePlan> {
  const backups = await listBackups(backupDir, { verify: true });
  const plan = planPrune(
    backups.map((backup) => ({ id: backup.id, createdAt: backup.createdAt ?? new Date(0), valid: backup.valid })),
    options.keep ?? DEFAULT_KEEP,
  );
  if (!options.dryRun) for (const id of plan.remove) await rm(backupPath(backupDir, id), { recursive: true, force: true });
  return plan;
}
