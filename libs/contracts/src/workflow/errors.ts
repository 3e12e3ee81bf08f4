/** Error codes of the workflow configuration, prompt, preset and provider routes. */
export const WORKFLOW_ERROR_CODES = {
  unknownAgent: 'unknown_agent',
  missingPrompts: 'missing_prompts',
  providerModelMismatch: 'provider_model_mismatch',
  invalidEffort: 'invalid_effort',
  configNotFound: 'config_version_not_found',
  promptVersionNotFound: 'prompt_version_not_found',
  presetNotFound: 'preset_not_found',
  presetReadOnly: 'preset_read_only',
  presetExists: 'preset_exists',
  providerUnavailable: 'provider_unavailable',
  articleNotFound: 'article_not_found',
  builtinHasNoModel: 'builtin_has_no_model',
  providerNotConfigured: 'provider_not_configured',
  providerError: 'provider_error',
  providerTimeout: 'provider_timeout',
  invalidModelOutput: 'invalid_model_output',
} as const;
