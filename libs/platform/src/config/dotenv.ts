import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

export interface LoadDotEnvOptions {
  /** Defaults to `.env` in the working directory. */
  path?: string;
  /** Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Loads `.env` into the environment when the file exists. Variables already set win, so a
 * deployment's environment beats a stray file (the rule of `process.loadEnvFile` and `--env-file`;
 * we parse with the same Node parser but write into `env` so the target is explicit and testable).
 * Returns the file loaded, or null when there is none.
 */
export function loadDotEnv(options: LoadDotEnvOptions = {}): string | null {
  const path = options.path ?? resolve(process.cwd(), '.env');
  const env = options.env ?? process.env;
  if (!existsSync(path)) return null;

  const parsed = parseEnv(readFileSync(path, 'utf8'));
  for (const [name, value] of Object.entries(parsed)) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return path;
}
