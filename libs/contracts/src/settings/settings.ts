import { z } from 'zod';

export const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(100) });

export const settingEntrySchema = z
  .object({
    key: z.string(),
    value: z.string().nullable().meta({ description: 'Null for sensitive keys, and for unset ones' }),
    sensitive: z.boolean(),
    configured: z.boolean().meta({ description: 'A value is stored or supplied by the environment' }),
    hint: z.string().nullable().meta({ description: 'Sensitive keys only: a short hint such as "…x9Qa"' }),
    source: z.enum(['stored', 'environment']).nullable().meta({ description: 'Where the effective value comes from' }),
    description: z.string(),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SettingEntry' });

export const settingsListResponseSchema = z.object({ settings: z.array(settingEntrySchema) }).meta({ id: 'SettingsList' });

export const updateSettingRequestSchema = z
  .object({
    value: z
      .union([z.string().max(10_000), z.number(), z.boolean()])
      .meta({ description: 'The new value; numbers and booleans are stored as text' }),
  })
  .strict()
  .meta({ id: 'UpdateSettingRequest' });

export const apiKeyTestRequestSchema = z
  .object({ api_key: z.string().max(1000).optional().meta({ description: 'Empty or absent: the stored credential is tested' }) })
  .strict()
  .meta({ id: 'ApiKeyTestRequest' });

export const ollamaTestRequestSchema = z
  .object({
    host: z.string().max(500).optional().meta({ description: 'Admins only: test this host instead of the stored OLLAMA_HOST' }),
    api_key: z.string().max(1000).optional().meta({ description: 'Accepted for symmetry with the key tests; Ollama takes none' }),
  })
  .strict()
  .meta({ id: 'OllamaTestRequest' });

export const githubTestRequestSchema = z
  .object({
    token: z.string().max(1000).optional().meta({ description: 'Test this token instead of the stored GITHUB_TOKEN' }),
    repo: z.string().max(200).optional().meta({ description: 'owner/name instead of the stored GITHUB_REPO' }),
  })
  .strict()
  .meta({ id: 'GithubTestRequest' });

export const codexTestRequestSchema = z.object({}).strict().meta({ id: 'CodexTestRequest' });

export const providerTestResponseSchema = z
  .object({
    provider: z.string().meta({ description: 'openai, anthropic, ollama, codex or github' }),
    success: z.boolean(),
    message: z.string(),
    credential_source: z.enum(['request', 'stored', 'environment', 'none']).optional(),
    upstream_status: z.number().int().nullable().optional(),
    models: z.array(z.string()).optional().meta({ description: 'Models the credential can see (first 50)' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ProviderTestResult' });

export type SettingEntry = z.infer<typeof settingEntrySchema>;
export type SettingsListResponse = z.infer<typeof settingsListResponseSchema>;
export type UpdateSettingRequest = z.infer<typeof updateSettingRequestSchema>;
export type ApiKeyTestRequest = z.infer<typeof apiKeyTestRequestSchema>;
export type OllamaTestRequest = z.infer<typeof ollamaTestRequestSchema>;
export type GithubTestRequest = z.infer<typeof githubTestRequestSchema>;
export type ProviderTestResponse = z.infer<typeof providerTestResponseSchema>;

export const SETTINGS_ERROR_CODES = {
  unknownSetting: 'unknown_setting',
  invalidSettingValue: 'invalid_setting_value',
  encryptionKeyMissing: 'encryption_key_missing',
  settingUndecryptable: 'setting_undecryptable',
  credentialNotConfigured: 'credential_not_configured',
  unknownProvider: 'unknown_provider',
  /** The credential's base URL changed after it was entered: an admin must enter the credential again. */
  credentialBaseUrlChanged: 'credential_base_url_changed',
} as const;
