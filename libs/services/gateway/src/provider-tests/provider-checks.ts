import { githubApiBase, SETTINGS_ERROR_CODES, type ProviderTestResponse, type TestedService } from '@huntforge/contracts/settings';
import type { SettingsStore } from '@huntforge/data';
import {
  discoverCodex,
  isLlmError,
  listAnthropicModels,
  listOllamaModels,
  listOpenAiModels,
  OLLAMA_DEFAULT_HOST,
  PROVIDER_SETTING_KEYS,
  type OutboundGuardOptions,
} from '@huntforge/llm';
import { HttpError } from '@huntforge/platform';
import { assertAllowedBaseUrl, type BaseUrlGuardOptions } from '../outbound/base-url-guard';
import { checkGithubAccess } from './github-check';
import type { ProviderTestsConfig } from './provider-tests-config';

export interface CheckInput {
  apiKey?: string;
  host?: string;
  token?: string;
  repo?: string;
}

/** The settings a check reads: stored credentials and hosts, described first so a missing one is a 400. */
export type CheckSettings = Pick<SettingsStore, 'describe' | 'get'>;

export interface CheckDeps {
  store: CheckSettings;
  config: ProviderTestsConfig;
  baseUrls: BaseUrlGuardOptions;
}

/**
 * A stored base URL is vetted again before a test calls it (its name may resolve elsewhere by now, or it was
 * stored before the guard existed); one from the operator's environment is the operator's choice.
 */
async function assertStoredBaseUrlAllowed(deps: CheckDeps, key: string): Promise<void> {
  const view = await deps.store.describe(key);
  if (view.source !== 'stored') return;
  const value = await deps.store.get(key);
  if (value) await assertAllowedBaseUrl(key, value, deps.baseUrls);
}

/** The same policy again when connecting (libs/llm): the name may resolve elsewhere between the check and the call. */
function callGuard(deps: CheckDeps): OutboundGuardOptions {
  return { baseUrls: deps.baseUrls, resolve: deps.baseUrls.resolve };
}

type CredentialSource = NonNullable<ProviderTestResponse['credential_source']>;

/**
 * The credential to test: the request's when given, else the effective stored/environment one. A stored
 * credential whose base URL changed since it was entered is refused by the settings reader (a 409
 * `credential_base_url_changed` through the error mapping), never sent to the new URL.
 */
async function credential(
  store: CheckSettings,
  key: string,
  typed: string | undefined,
): Promise<{ value: string; source: CredentialSource }> {
  if (typed && typed.trim() !== '') return { value: typed.trim(), source: 'request' };
  const view = await store.describe(key);
  const value = view.configured ? await store.get(key) : undefined;
  if (!value || !view.source) {
    throw new HttpError(
      400,
      SETTINGS_ERROR_CODES.credentialNotConfigured,
      `No ${key} to test: type one or store it with PUT /api/settings/${key}`,
      { key },
    );
  }
  return { value, source: view.source };
}

const MAX_LISTED = 50;

function failure(provider: string, error: unknown): ProviderTestResponse {
  if (isLlmError(error)) return { provider, success: false, message: error.message, upstream_status: error.details.status ?? null };
  return { provider, success: false, message: `${provider} check failed`, upstream_status: null };
}

async function checkHostedKey(deps: CheckDeps, provider: 'openai' | 'anthropic', input: CheckInput): Promise<ProviderTestResponse> {
  const keys = PROVIDER_SETTING_KEYS[provider];
  const { value: apiKey, source } = await credential(deps.store, keys.apiKey, input.apiKey);
  await assertStoredBaseUrlAllowed(deps, keys.baseUrl);
  const baseUrl = await deps.store.get(keys.baseUrl);
  const list = provider === 'openai' ? listOpenAiModels : listAnthropicModels;
  try {
    const models = await list({ apiKey, baseUrl }, { timeoutMs: deps.config.timeoutMs, guard: callGuard(deps) });
    const name = provider === 'openai' ? 'OpenAI' : 'Anthropic';
    return {
      provider,
      success: true,
      message: `${name} accepted the key (${models.length} models visible)`,
      credential_source: source,
      upstream_status: 200,
      models: models.slice(0, MAX_LISTED),
    };
  } catch (error) {
    return { ...failure(provider, error), credential_source: source };
  }
}

async function checkOllama(deps: CheckDeps, input: CheckInput): Promise<ProviderTestResponse> {
  const typed = input.host?.trim();
  // A typed host is the admin's choice of address: vetted like a stored OLLAMA_HOST (local networks yes, metadata never).
  if (typed) await assertAllowedBaseUrl(PROVIDER_SETTING_KEYS.ollama.host, typed, deps.baseUrls);
  else await assertStoredBaseUrlAllowed(deps, PROVIDER_SETTING_KEYS.ollama.host);
  const host = typed || (await deps.store.get(PROVIDER_SETTING_KEYS.ollama.host)) || OLLAMA_DEFAULT_HOST;
  try {
    const models = await listOllamaModels({ host }, { timeoutMs: deps.config.timeoutMs, guard: callGuard(deps) });
    return {
      provider: 'ollama',
      success: true,
      message: `Ollama answered with ${models.length} installed models`,
      upstream_status: 200,
      models: models.slice(0, MAX_LISTED),
    };
  } catch (error) {
    return failure('ollama', error);
  }
}

/** Asks codex app-server who is logged in; runs no model. */
async function checkCodex(deps: CheckDeps): Promise<ProviderTestResponse> {
  try {
    const { account } = await discoverCodex({ codexPath: deps.config.codexPath, timeoutMs: deps.config.timeoutMs }, { models: false });
    if (!account) return { provider: 'codex', success: false, message: 'codex is not logged in: run `codex login` where the service runs' };
    const subscription = account.type === 'chatgpt';
    return {
      provider: 'codex',
      success: true,
      message: subscription
        ? `codex is logged in with ChatGPT${account.planType ? ` (${account.planType} plan)` : ''}`
        : `codex is logged in with an ${account.type} credential, not the ChatGPT subscription`,
      details: { auth_mode: account.type, plan_type: account.planType },
    };
  } catch (error) {
    return failure('codex', error);
  }
}

async function checkGithub(deps: CheckDeps, input: CheckInput): Promise<ProviderTestResponse> {
  const { value: token, source } = await credential(deps.store, 'GITHUB_TOKEN', input.token);
  const repo = input.repo?.trim() || (await deps.store.get('GITHUB_REPO'));
  if (!repo)
    throw new HttpError(
      400,
      SETTINGS_ERROR_CODES.credentialNotConfigured,
      'No GITHUB_REPO to test: pass repo or store it with PUT /api/settings/GITHUB_REPO',
      { key: 'GITHUB_REPO' },
    );
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo))
    throw new HttpError(400, 'validation_error', 'repo must be owner/name', [{ path: 'body.repo', message: 'expected owner/name' }]);
  await assertStoredBaseUrlAllowed(deps, 'GITHUB_API_URL');
  const apiUrl = githubApiBase(await deps.store.get('GITHUB_API_URL'));
  return { ...(await checkGithubAccess({ apiUrl, token, repo, timeoutMs: deps.config.timeoutMs })), credential_source: source };
}

export function runProviderCheck(deps: CheckDeps, service: TestedService, input: CheckInput): Promise<ProviderTestResponse> {
  switch (service) {
    case 'openai':
    case 'anthropic':
      return checkHostedKey(deps, service, input);
    case 'ollama':
      return checkOllama(deps, input);
    case 'codex':
      return checkCodex(deps);
    case 'github':
      return checkGithub(deps, input);
  }
}
