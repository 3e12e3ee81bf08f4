import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseInUseError, lockDirectory, PGLITE_EXTENSIONS, type DirectoryLock } from '@huntforge/data';
import { BackupError } from '../errors';
import { checkedEmbeddedArchive } from './embedded-archive';
import type { DatabaseKind } from '../manifest/manifest';
import type { PostgresTools } from './postgres-tools';

/** Where a restore writes the database part. `acquire` runs before anything changes and may refuse. */
export interface RestoreTarget {
  kind: DatabaseKind;
  acquire(): Promise<void>;
  restore(dumpFile: string): Promise<void>;
  release(): Promise<void>;
}

/**
 * The embedded database's folder (DATA_DIR/pglite). Restoring needs the service stopped: the same
 * lock `huntforge start` takes refuses while a live process holds it. The archive is unpacked and checked
 * first, then loads into a fresh folder that is swapped in only once PGlite opened it, so a failed load
 * changes nothing and leaves no folder behind.
 */
export function embeddedRestoreTarget(pgliteDir: string): RestoreTarget {
  let lock: DirectoryLock | null = null;
  return {
    kind: 'pglite',
    async acquire() {
      await mkdir(dirname(pgliteDir), { recursive: true });
      try {
        lock = await lockDirectory(pgliteDir);
      } catch (error) {
        if (error instanceof DatabaseInUseError) {
          throw new BackupError(
            'database_in_use',
            `the embedded database in ${pgliteDir} is held by process ${error.pid} (a running huntforge start?); stop the service, then restore`,
          );
        }
        throw error;
      }
    },
    async restore(dumpFile) {
      const stamp = `${process.pid}-${Date.now()}`;
      const incoming = `${pgliteDir}.restoring-${stamp}`;
      const previous = `${pgliteDir}.before-restore-${stamp}`;
      await rm(incoming, { recursive: true, force: true });
      const tar = checkedEmbeddedArchive(await readFile(dumpFile));
      let loaded: PGlite | null = null;
      try {
        loaded = new PGlite(incoming, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([new Uint8Array(tar)]) });
        await loaded.waitReady;
        await loaded.close();
      } catch (error) {
        await loaded?.close().catch(() => undefined);
        await rm(incoming, { recursive: true, force: true });
        const reason = error instanceof Error ? error.message : String(error);
        throw new BackupError(
          'backup_restore_failed',
          `the embedded database in the backup could not be opened (${reason}); nothing was restored`,
        );
      }
      const hadPrevious = existsSync(pgliteDir);
      if (hadPrevious) await rename(pgliteDir, previous);
      await rename(incoming, pgliteDir);
      if (hadPrevious) await rm(previous, { recursive: true, force: true });
    },
    async release() {
      await lock?.release();
      lock = null;
    },
  };
}

/** A PostgreSQL database through pg_restore --clean --if-exists in one transaction. */
export function postgresRestoreTarget(tools: PostgresTools): RestoreTarget {
  return {
    kind: 'postgres',
    acquire: async () => {
      await tools.check();
    },
    restore: (dumpFile) => tools.restore(dumpFile),
    release: async () => undefined,
  };
}
