import { BackupError } from '../errors';

export const DEFAULT_KEEP = 14;

export interface RetentionCandidate {
  id: string;
  createdAt: Date;
  /** Manifest readable and every checksum matching. */
  valid: boolean;
}

export interface PrunePlan {
  keep: string[];
  remove: string[];
}

export function assertKeep(keep: number): void {
  if (!Number.isInteger(keep) || keep < 1)
    throw new BackupError('invalid_retention', `keep must be a whole number of at least 1 (got ${keep})`);
}

/**
 * Keeps the newest `keep` backups and removes the rest, except that a valid backup always survives:
 * when the newest ones are all broken, the newest valid one is kept too, so pruning can never leave
 * nothing to restore.
 */
export function planPrune(candidates: readonly RetentionCandidate[], keep: number): PrunePlan {
  assertKeep(keep);
  const newestFirst = [...candidates].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const kept = newestFirst.slice(0, keep);
  const removed = newestFirst.slice(keep);
  if (!kept.some((candidate) => candidate.valid)) {
    const lastValid = removed.findIndex((candidate) => candidate.valid);
    if (lastValid >= 0) kept.push(...removed.splice(lastValid, 1));
  }
  return { keep: kept.map((candidate) => candidate.id), remove: removed.map((candidate) => candidate.id) };
}
