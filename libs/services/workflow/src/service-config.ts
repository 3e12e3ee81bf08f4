import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { findUpwards } from '@huntforge/platform';

/** Service-specific settings of the workflow's configuration and provider features, from the environment. */
export interface WorkflowServiceConfig {
  /** The codex executable (deployment config: it names a program, so it is never a runtime setting). */
  codexPath?: string;
  fixturesDir: string;
  capabilitiesFile: string;
  /** Written by update_provider_model_catalogs. */
  runtimeCatalogFile: string;
  /** Committed fallback while no runtime catalog exists. */
  committedCatalogFile: string;
  /** One model call (rank-with-llm), retries included. */
  llmTimeoutMs: number;
  /** Live checks for provider options (Ollama tags, codex discovery). */
  discoveryTimeoutMs: number;
  /** How long codex discovery is reused. */
  discoveryCacheMs: number;
}

export const workflowServiceEnvSchema = z.object({
  CODEX_PATH: z.string().trim().min(1).optional(),
  FIXTURES_DIR: z.string().trim().min(1).optional(),
  MODEL_CAPABILITIES_FILE: z.string().trim().min(1).optional(),
  MODEL_CATALOG_FILE: z.string().trim().min(1).optional(),
  WORKFLOW_LLM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(1_800_000).default(120_000),
  PROVIDER_DISCOVERY_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5_000),
  PROVIDER_DISCOVERY_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

/** Finds `fixtures/` above this file (jest, tsx) or the working directory (a bundled app). */
export function resolveFixturesDir(override?: string, startDirs: string[] = [__dirname, process.cwd()]): string {
  if (override) return resolve(override);
  const prompts = findUpwards(join('fixtures', 'prompts'), startDirs);
  if (prompts) return dirname(prompts);
  throw new Error(`Cannot find fixtures/prompts above ${startDirs.join(' or ')}; set FIXTURES_DIR`);
}

export function loadWorkflowServiceConfig(env: Record<string, string | undefined>, dataDir: string): WorkflowServiceConfig {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value?.trim() === '' ? undefined : value]));
  const parsed = workflowServiceEnvSchema.parse(blankToUndefined);
  const fixturesDir = resolveFixturesDir(parsed.FIXTURES_DIR);
  return {
    codexPath: parsed.CODEX_PATH,
    fixturesDir,
    capabilitiesFile: parsed.MODEL_CAPABILITIES_FILE ?? join(fixturesDir, 'models', 'model-capabilities.json'),
    runtimeCatalogFile: parsed.MODEL_CATALOG_FILE ?? join(resolve(dataDir), 'models', 'model-catalog.json'),
    committedCatalogFile: join(fixturesDir, 'models', 'model-catalog.json'),
    llmTimeoutMs: parsed.WORKFLOW_LLM_TIMEOUT_MS,
    discoveryTimeoutMs: parsed.PROVIDER_DISCOVERY_TIMEOUT_MS,
    discoveryCacheMs: parsed.PROVIDER_DISCOVERY_CACHE_SECONDS * 1000,
  };
}
