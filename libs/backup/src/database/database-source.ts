import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { dumpEmbeddedDatabase, type Db } from '@huntforge/data';
import type { DatabaseKind, Manifest } from '../manifest/manifest';
import { latestAppliedMigration } from '../schema/schema-migration';
import type { PostgresTools } from './postgres-tools';

export interface DumpResult {
  /** File name inside the backup's database/ folder. */
  fileName: string;
  format: Manifest['database']['dump_format'];
  serverVersion?: string;
}

/** Where a backup's database part comes from. */
export interface DatabaseSource {
  kind: DatabaseKind;
  latestMigration(): Promise<string | null>;
  /** Refuses early (missing or too old client programs) before anything is written. */
  check(): Promise<void>;
  dumpTo(folder: string): Promise<DumpResult>;
}

/**
 * The embedded database of an open Db: the live instance's own data-directory dump, so it works while
 * the service holds the database (the running service calls this through its API).
 */
export function embeddedDatabaseSource(db: Db): DatabaseSource {
  return {
    kind: 'pglite',
    latestMigration: () => latestAppliedMigration(db),
    check: async () => undefined,
    async dumpTo(folder) {
      const fileName = 'pglite-datadir.tar.gz';
      const blob = await dumpEmbeddedDatabase(db);
      await pipeline(Readable.fromWeb(blob.stream() as WebReadableStream), createWriteStream(`${folder}/${fileName}`));
      return { fileName, format: 'pglite-datadir-tgz' };
    },
  };
}

/** PostgreSQL through pg_dump's custom format; `db` is only read for the schema migration. */
export function postgresDatabaseSource(db: Db, tools: PostgresTools): DatabaseSource {
  let serverVersion: string | undefined;
  return {
    kind: 'postgres',
    latestMigration: () => latestAppliedMigration(db),
    async check() {
      serverVersion = (await tools.check()).serverVersion;
    },
    async dumpTo(folder) {
      const fileName = 'postgres.dump';
      await tools.dump(`${folder}/${fileName}`);
      return { fileName, format: 'pg-dump-custom', serverVersion };
    },
  };
}
