// Prisma's schema engine compiled to WebAssembly, driven from Node: the offline replacement for
// `prisma migrate diff` / `migrate dev` (the CLI would download a native engine).
// Plain ESM on purpose: the engine's glue code is ESM and loads its .wasm by import, which neither
// jest's module system nor a CommonJS build can do, so callers use this file from node or tsx.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultSchemaPath = join(repoRoot, 'prisma', 'schema.prisma');
export const defaultMigrationsDir = join(repoRoot, 'prisma', 'migrations');

const noFilters = { externalTables: [], externalEnums: [] };

async function loadEngineModule() {
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = await import(pathToFileURL(gluePath).href);
  const wasmBytes = await readFile(join(dirname(gluePath), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(wasmBytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

/** The migrations folder in the shape the engine reads (Prisma's CLI builds the same list). */
export async function readMigrationList(migrationsDir = defaultMigrationsDir) {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    directories.map(async (name) => {
      const content = await readFile(join(migrationsDir, name, 'migration.sql'), 'utf8').then(
        (sql) => ({ tag: 'ok', value: sql }),
        (error) => ({ tag: 'error', value: String(error) }),
      );
      return { path: name, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  const lockfileContent = await readFile(join(migrationsDir, 'migration_lock.toml'), 'utf8').catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: lockfileContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/**
 * Starts the engine on throwaway in-memory PGlite databases that have pgvector, so the shadow
 * database can replay migrations that create the `vector` extension.
 */
export async function openSchemaEngine({ schemaPath = defaultSchemaPath } = {}) {
  const glue = await loadEngineModule();
  const databases = [];
  const newDatabase = () => {
    const db = new PGlite({ extensions: { vector, pg_trgm } });
    databases.push(db);
    return new PrismaPGlite(db).connect();
  };
  const factory = bindMigrationAwareSqlAdapterFactory({
    provider: 'postgres',
    adapterName: 'pglite-with-vector',
    connect: newDatabase,
    connectToShadowDb: newDatabase,
  });
  const schemaText = await readFile(schemaPath, 'utf8');
  const logs = [];
  const engine = await glue.SchemaEngine.new({ datamodels: [[schemaPath, schemaText]] }, (line) => logs.push(line), factory);
  const schemaFiles = [{ path: schemaPath, content: schemaText }];

  return {
    /** SQL that takes a database from `from` to the schema; empty string when there is nothing to do. */
    async diff(from) {
      const result = await engine.diff({
        from,
        to: { tag: 'schemaDatamodel', files: schemaFiles },
        script: true,
        exitCode: null,
        filters: noFilters,
      });
      return result.stdout ?? '';
    },
    async close() {
      engine.free();
      await Promise.all(databases.map((db) => db.close().catch(() => undefined)));
    },
  };
}

/** SQL from an empty database to the schema (the first migration's body). */
export async function diffFromEmpty(options = {}) {
  const engine = await openSchemaEngine(options);
  try {
    return await engine.diff({ tag: 'empty' });
  } finally {
    await engine.close();
  }
}

/**
 * Indexes Prisma's schema language cannot express (pgvector HNSW, GIN over trigrams or a generated
 * tsvector, a sort with NULLS FIRST/LAST) exist only in migrations, so every diff would drop them. They are the migrations' to own:
 * leave those drops out.
 */
export function withoutMigrationOnlyIndexDrops(sql, migrationScripts) {
  const migrationOnly = new Set();
  for (const script of migrationScripts) {
    for (const match of script.matchAll(/CREATE INDEX (?:IF NOT EXISTS )?"([^"]+)"[^;]*(?:USING (?:hnsw|gin)|NULLS (?:FIRST|LAST))/gi))
      migrationOnly.add(match[1]);
  }
  // A generated column reads to the engine as a column default it cannot express: keep the migration's.
  const generated = new Set();
  for (const script of migrationScripts) {
    for (const match of script.matchAll(/ADD COLUMN "([^"]+)"[^;,]*GENERATED ALWAYS AS/gi)) generated.add(match[1]);
  }
  const kept = sql
    .replace(/-- DropIndex\r?\nDROP INDEX "([^"]+)";\r?\n*/g, (block, name) => (migrationOnly.has(name) ? '' : block))
    .replace(/-- AlterTable\r?\nALTER TABLE "[^"]+" ALTER COLUMN "([^"]+)" DROP DEFAULT;\r?\n*/g, (block, name) =>
      generated.has(name) ? '' : block,
    );
  return isEmptyMigration(kept) ? '' : kept.trim() + '\n';
}

function isEmptyMigration(sql) {
  return sql.replace(/^--.*$/gm, '').trim() === '';
}

/**
 * SQL from the migrations folder to the schema: empty when the folder matches the schema.
 * The engine replays the migrations on a throwaway shadow database and compares the result.
 */
export async function diffFromMigrations({ migrationsDir = defaultMigrationsDir, ...options } = {}) {
  const engine = await openSchemaEngine(options);
  try {
    const list = await readMigrationList(migrationsDir);
    const sql = await engine.diff({ tag: 'migrations', ...list });
    const scripts = list.migrationDirectories.map((d) => (d.migrationFile.content.tag === 'ok' ? d.migrationFile.content.value : ''));
    return withoutMigrationOnlyIndexDrops(sql, scripts);
  } finally {
    await engine.close();
  }
}
