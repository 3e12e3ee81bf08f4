import { findSettingDefinition } from '@huntforge/contracts';
import {
  checkOutboundUrl,
  HttpError,
  OutboundUrlError,
  systemHostResolver,
  type AddressPolicy,
  type HostResolver,
} from '@huntforge/platform';

/** The locally hosted provider: its server normally runs on this machine or the local network. */
const LOCAL_PROVIDER_KEYS: ReadonlySet<string> = new Set(['OLLAMA_HOST']);

export interface BaseUrlGuardOptions {
  /** PROVIDER_ALLOW_PRIVATE_NETWORKS: the operator lets hosted-provider and GitHub base URLs be private (an in-house proxy). */
  allowPrivateNetworks: boolean;
  resolve?: HostResolver;
}

export function baseUrlGuardOptions(env: Record<string, string | undefined>): BaseUrlGuardOptions {
  return { allowPrivateNetworks: env['PROVIDER_ALLOW_PRIVATE_NETWORKS']?.trim().toLowerCase() === 'true' };
}

/** Which addresses a base URL setting may resolve to: public only, but local ones for Ollama or with the operator's opt-in. */
export function baseUrlPolicy(key: string, options: BaseUrlGuardOptions): AddressPolicy {
  return { allowPrivateNetworks: options.allowPrivateNetworks || LOCAL_PROVIDER_KEYS.has(key) };
}

/**
 * The SSRF guard of ingestion applied to the URL settings (OpenAI, Anthropic, Ollama and GitHub base URLs) before
 * they are stored: the service sends credentials to them, so a metadata, link-local or (without the opt-in) private
 * address is refused with 400 url_not_allowed. Other settings pass untouched.
 */
export async function assertAllowedBaseUrl(key: string, value: string, options: BaseUrlGuardOptions): Promise<void> {
  // Only http(s) URLs are vetted here; anything else the store refuses as invalid_setting_value.
  if (findSettingDefinition(key)?.kind !== 'url' || !/^\s*https?:\/\//i.test(value)) return;
  try {
    await checkOutboundUrl(value, baseUrlPolicy(key, options), options.resolve ?? systemHostResolver);
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    const optIn =
      LOCAL_PROVIDER_KEYS.has(key) || options.allowPrivateNetworks
        ? ''
        : ' (an operator may allow private networks with PROVIDER_ALLOW_PRIVATE_NETWORKS=true)';
    throw new HttpError(400, error.code, `${key}: ${error.message}${optIn}`, { key });
  }
}
