#!/usr/bin/env node
// Runs `prisma generate` without network access. Prisma's CLI insists on locating its native schema
// engine even though generate never starts it; any existing file satisfies that check.
// CHECKPOINT_DISABLE stops the CLI's update check from calling home.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js', { paths: [repoRoot] });

const env = {
  ...process.env,
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? prismaCli,
};

const extraArgs = process.argv.slice(2);
const result = spawnSync(process.execPath, [prismaCli, 'generate', ...extraArgs], { cwd: repoRoot, env, stdio: 'inherit' });
if (result.error) {
  console.error(`prisma generate could not start: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
