import { join } from 'node:path';
import { fingerprintFile } from './checksum';
import type { Manifest } from './manifest';

export interface FileProblem {
  path: string;
  problem: 'missing' | 'size_mismatch' | 'checksum_mismatch';
}

/** Every file of the manifest checked against its recorded size and checksum; an empty list means intact. */
export async function verifyBackupFiles(backupPath: string, manifest: Manifest): Promise<FileProblem[]> {
  const problems: FileProblem[] = [];
  for (const file of manifest.files) {
    const actual = await fingerprintFile(join(backupPath, file.path)).catch(() => null);
    if (actual === null) problems.push({ path: file.path, problem: 'missing' });
    else if (actual.size !== file.size) problems.push({ path: file.path, problem: 'size_mismatch' });
    else if (actual.sha256 !== file.sha256) problems.push({ path: file.path, problem: 'checksum_mismatch' });
  }
  return problems;
}
