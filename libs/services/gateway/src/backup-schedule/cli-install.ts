import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { findUpwards } from '@huntforge/platform';
import type { CliInstall } from './backup-entries';

const CLI_BIN = join('apps', 'cli', 'bin', 'huntforge.js');
export const BACKUP_CRON_LOG = join('logs', 'backup-cron.log');

export interface LocateCliOptions {
  /** DATA_DIR as the service sees it (relative to its working directory). */
  dataDir: string;
  /** Where to look first (HUNTFORGE_PROJECT_DIR); then the working directory and this file's folders. */
  projectDir?: string;
  nodePath?: string;
  startDirs?: readonly string[];
}

/** The installed CLI the cron lines run, or null when this process is not running from a Huntforge install. */
export function locateCliInstall(options: LocateCliOptions): CliInstall | null {
  const starts = options.startDirs ?? [...(options.projectDir ? [options.projectDir] : []), process.cwd(), __dirname];
  const cliPath = findUpwards(CLI_BIN, starts);
  if (!cliPath) return null;
  return {
    nodePath: options.nodePath ?? process.execPath,
    cliPath,
    projectDir: resolve(dirname(cliPath), '..', '..', '..'),
    logFile: resolve(options.dataDir, BACKUP_CRON_LOG),
  };
}

/** cron's `>>` fails when the folder is missing, and the backup would then not run at all. */
export async function prepareLogFolder(install: CliInstall): Promise<void> {
  await mkdir(dirname(install.logFile), { recursive: true });
}
