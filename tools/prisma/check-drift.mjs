#!/usr/bin/env node
// Fails when prisma/migrations does not produce exactly prisma/schema.prisma, printing the SQL
// that is missing. Usage: node tools/prisma/check-drift.mjs [--schema FILE] [--migrations DIR]
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { defaultMigrationsDir, defaultSchemaPath, diffFromMigrations } from './schema-engine.mjs';

const { values } = parseArgs({ options: { schema: { type: 'string' }, migrations: { type: 'string' } } });
const schemaPath = resolve(values.schema ?? defaultSchemaPath);
const migrationsDir = resolve(values.migrations ?? defaultMigrationsDir);

try {
  const sql = await diffFromMigrations({ schemaPath, migrationsDir });
  if (sql === '') {
    console.log(`No drift: ${migrationsDir} matches ${schemaPath}`);
  } else {
    console.log(`Drift: ${migrationsDir} does not match ${schemaPath}. Missing SQL:\n${sql}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Drift check failed to run: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 2;
}
