import { join } from 'node:path';
import { PrismaClient } from './generated/prisma/client';
import { connectPglite } from './drivers/pglite-driver';
import { connectPostgres } from './drivers/postgres-driver';
import type { SqlDriver } from './drivers/sql-session';
import type { TableChanges } from './drivers/table-changes';
import { notePlainSqlDriver } from './plain-sql';
import type {
  ApiTokenRepository,
  AuditRepository,
  JobLockRepository,
  JobRunRepository,
  ScheduledJobConfigRepository,
  SignatureNonceRepository,
  WebSessionRepository,
} from './ports';
import { PrismaApiTokenRepository } from './repositories/api-token-repository';
import { PrismaAuditRepository } from './repositories/audit-repository';
import { PrismaJobLockRepository } from './repositories/job-lock-repository';
import { PrismaSignatureNonceRepository } from './repositories/signature-nonce-repository';
import { PrismaJobRunRepository } from './repositories/job-run-repository';
import { PrismaScheduledJobConfigRepository } from './repositories/scheduled-job-config-repository';
import { PrismaWebSessionRepository } from './repositories/web-session-repository';

export interface DbConfig {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Folder for PGlite's files (`${dataDir}/pglite`); defaults to `.data`. */
  dataDir?: string;
  /** PGlite in memory, nothing on disk (tests). */
  inMemory?: boolean;
  /** With inMemory: start from this data directory tarball (dumpEmbeddedDatabase, uncompressed) instead of an empty cluster. */
  inMemoryImage?: string;
}

export interface DbRepositories {
  apiTokens: ApiTokenRepository;
  jobLocks: JobLockRepository;
  jobRuns: JobRunRepository;
  scheduledJobs: ScheduledJobConfigRepository;
  audit: AuditRepository;
  webSessions: WebSessionRepository;
  signatureNonces: SignatureNonceRepository;
}

export interface Db {
  readonly kind: 'postgres' | 'pglite';
  readonly prisma: PrismaClient;
  readonly repos: DbRepositories;
  /** SELECT 1; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** Disconnects Prisma and closes PGlite or the pg pool. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_DATA_DIR = '.data';

/** The raw driver behind each Db, for the migrator; kept off the public interface. */
const drivers = new WeakMap<Db, SqlDriver>();

/** The write counters of each client of an embedded database (see TableChanges). */
const tableChanges = new WeakMap<PrismaClient, TableChanges>();

/**
 * The counters of the writes this process sends to the watched tables, when it is the database's only client
 * (the embedded database); null on PostgreSQL, where other processes write too and readers must ask the database.
 */
export function tableChangesOf(prisma: PrismaClient): TableChanges | null {
  return tableChanges.get(prisma) ?? null;
}

export function sqlDriverOf(db: Db): SqlDriver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('This Db was not created by createDb');
  return driver;
}

/** The embedded database's data directory as a gzipped tarball (PGlite's dumpDataDir); refuses on PostgreSQL. */
export function dumpEmbeddedDatabase(db: Db): Promise<Blob> {
  const driver = sqlDriverOf(db);
  if (!driver.dumpDataDir) throw new Error(`dumpEmbeddedDatabase needs the embedded database; this one is ${driver.kind}`);
  return driver.dumpDataDir();
}

/** PostgreSQL through @prisma/adapter-pg when `databaseUrl` is set; embedded PGlite with pgvector otherwise. */
export async function createDb(config: DbConfig): Promise<Db> {
  const databaseUrl = config.databaseUrl?.trim();
  const connection = databaseUrl
    ? connectPostgres(databaseUrl)
    : config.inMemory
      ? await connectPglite(null, config.inMemoryImage)
      : await connectPglite(join(config.dataDir ?? DEFAULT_DATA_DIR, 'pglite'));
  const { driver, adapter } = connection;
  const prisma = new PrismaClient({ adapter });
  if ('changes' in connection) tableChanges.set(prisma, connection.changes);

  let closing: Promise<void> | null = null;
  const db: Db = {
    kind: driver.kind,
    prisma,
    repos: {
      apiTokens: new PrismaApiTokenRepository(prisma),
      jobLocks: new PrismaJobLockRepository(prisma),
      jobRuns: new PrismaJobRunRepository(prisma),
      scheduledJobs: new PrismaScheduledJobConfigRepository(prisma),
      audit: new PrismaAuditRepository(prisma),
      webSessions: new PrismaWebSessionRepository(prisma),
      signatureNonces: new PrismaSignatureNonceRepository(prisma),
    },
    // Straight to the driver: health probes call this on every request, and on PGlite a round trip
    // through Prisma's query compiler costs about three times the query itself.
    ping: () => driver.withSession((session) => session.exec('SELECT 1')),
    close(): Promise<void> {
      closing ??= (async () => {
        try {
          await prisma.$disconnect();
        } finally {
          await driver.close();
        }
      })();
      return closing;
    },
  };
  drivers.set(db, driver);
  notePlainSqlDriver(prisma, driver);
  return db;
}
