import { z } from 'zod';

export const providerTestsEnvSchema = z.object({
  /** The codex executable for the subscription check; `codex` on PATH when unset. */
  CODEX_PATH: z.string().trim().min(1).optional(),
  PROVIDER_TEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
});

export interface ProviderTestsConfig {
  codexPath?: string;
  timeoutMs: number;
}

/** The gateway's provider-test settings from the environment (CODEX_PATH is deployment config, never a runtime setting). */
export function providerTestsConfig(env: Record<string, string | undefined> = process.env): ProviderTestsConfig {
  const parsed = providerTestsEnvSchema.parse({
    CODEX_PATH: env['CODEX_PATH'] || undefined,
    PROVIDER_TEST_TIMEOUT_MS: env['PROVIDER_TEST_TIMEOUT_MS'] || undefined,
  });
  return { codexPath: parsed.CODEX_PATH, timeoutMs: parsed.PROVIDER_TEST_TIMEOUT_MS };
}
