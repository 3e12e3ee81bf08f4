import type { BackupSummary } from '@huntforge/backup';
import { humanSize } from '../../progress';

/** Backups as an aligned text table, newest first; `verified` says whether VALID covers the checksums. */
export function backupTable(backups: readonly BackupSummary[], verified: boolean): string {
  if (backups.length === 0) return 'no backups\n';
  const header = ['ID', 'CREATED (UTC)', 'DATABASE', 'SCHEMA MIGRATION', 'SIZE', 'FILES', verified ? 'VALID' : 'MANIFEST'];
  const rows = backups.map((backup) => [
    backup.id,
    backup.createdAt
      ? backup.createdAt
          .toISOString()
          .replace('T', ' ')
          .replace(/\.\d+Z$/, '')
      : '-',
    backup.manifest?.database.kind ?? '-',
    backup.manifest?.schema_migration ?? '-',
    humanSize(backup.sizeBytes),
    String(backup.manifest?.files.length ?? 0),
    backup.valid ? 'ok' : `BROKEN: ${backup.problems.join('; ')}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
