import type { BackupDetailView, BackupSummaryView } from '@huntforge/contracts/api';
import { totalSize, type BackupSummary, type FileProblem, type Manifest } from '@huntforge/backup';

export function toBackupSummary(backup: BackupSummary): BackupSummaryView {
  return {
    id: backup.id,
    created_at: backup.createdAt?.toISOString() ?? null,
    schema_migration: backup.manifest?.schema_migration ?? null,
    database_kind: backup.manifest?.database.kind ?? null,
    size_bytes: backup.sizeBytes,
    file_count: backup.manifest?.files.length ?? 0,
    valid: backup.valid,
    problems: backup.problems,
  };
}

export function toBackupDetail(manifest: Manifest, problems: readonly FileProblem[]): BackupDetailView {
  return {
    id: manifest.id,
    created_at: manifest.created_at,
    schema_migration: manifest.schema_migration,
    database_kind: manifest.database.kind,
    size_bytes: totalSize(manifest),
    file_count: manifest.files.length,
    valid: problems.length === 0,
    problems: problems.map((problem) => `${problem.path}: ${problem.problem}`),
    verified: true,
    files: manifest.files.map(({ path, role, size, sha256 }) => ({ path, role, size, sha256 })),
  };
}
