import { GITHUB_DEFAULT_API_URL } from './github';

/**
 * Runtime settings the settings API knows. Keys are the environment variables' names: a stored value
 * overrides the variable. Sensitive keys are encrypted at rest and never returned.
 */
export interface SettingDefinition {
  key: string;
  sensitive: boolean;
  kind: 'string' | 'url' | 'boolean' | 'list';
  description: string;
  /**
   * Credentials only: the base URL setting the credential is sent to, and that URL's default. A stored
   * credential is withheld once the base URL changes after it was entered (until an admin enters it
   * again), and an environment credential goes only to the environment's or the default base URL, so
   * whoever may change a URL cannot redirect a key to a server of their choosing.
   */
  sentTo?: { baseUrlKey: string; defaultBaseUrl: string };
}

const def = (
  key: string,
  sensitive: boolean,
  kind: SettingDefinition['kind'],
  description: string,
  sentTo?: SettingDefinition['sentTo'],
): SettingDefinition => ({ key, sensitive, kind, description, ...(sentTo ? { sentTo } : {}) });

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  def('OPENAI_API_KEY', true, 'string', 'OpenAI API key (the spec’s provider_a)', {
    baseUrlKey: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
  }),
  def('OPENAI_BASE_URL', false, 'url', 'OpenAI-compatible API base URL, e.g. a proxy (default https://api.openai.com/v1)'),
  def('OPENAI_MODEL_ALLOWLIST', false, 'list', 'Comma-separated OpenAI model ids the model catalog keeps'),
  def('ANTHROPIC_API_KEY', true, 'string', 'Anthropic API key (the spec’s provider_b)', {
    baseUrlKey: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com',
  }),
  def('ANTHROPIC_BASE_URL', false, 'url', 'Anthropic API base URL (default https://api.anthropic.com)'),
  def('OLLAMA_HOST', false, 'url', 'Ollama server URL (the spec’s provider_local), e.g. http://127.0.0.1:11434'),
  def('GITHUB_TOKEN', true, 'string', 'GitHub access token for delivering rules (the spec’s repohost)', {
    baseUrlKey: 'GITHUB_API_URL',
    defaultBaseUrl: GITHUB_DEFAULT_API_URL,
  }),
  def('GITHUB_REPO', false, 'string', 'Rules repository as owner/name'),
  def('GITHUB_API_URL', false, 'url', 'GitHub API base URL (default https://api.github.com; GitHub Enterprise: https://host/api/v3)'),
  def('OCR_INGEST_ENABLED', false, 'boolean', 'Run OCR on article images during ingestion (per-source override possible)'),
  def(
    'SIGMA_CONVERT_TARGETS',
    false,
    'list',
    'SIEM targets the review page and pull requests show queries for: comma-separated target or target:pipeline+pipeline (default splunk, kusto, lucene; e.g. splunk:splunk_windows, kusto:microsoft_xdr, lucene:ecs_windows)',
  ),
  def(
    'MCP_ALLOW_SELF_CONFIRMATION',
    false,
    'boolean',
    'Let the token that filed a high-risk MCP request confirm it too (default false: a second person decides)',
  ),
];

export const SETTING_KEYS: readonly string[] = SETTING_DEFINITIONS.map((definition) => definition.key);

export function findSettingDefinition(key: string): SettingDefinition | undefined {
  return SETTING_DEFINITIONS.find((definition) => definition.key === key);
}
