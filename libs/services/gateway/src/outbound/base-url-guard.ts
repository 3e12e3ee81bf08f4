import { findSettingDefinition } from '@huntforge/contracts/settings';
import {
  baseUrlGuardOptions as sharedGuardOptions,
  baseUrlPolicy,
  OutboundUrlError,
  privateNetworkHint,
  type BaseUrlGuardOptions as SharedGuardOptions,
  type HostResolver,
} from '@huntforge/outbound';
import { checkOutboundUrl, HttpError, systemHostResolver } from '@huntforge/platform';

/** The shared policy (libs/outbound, also applied by libs/llm at each connection), plus a resolver tests can swap. */
export interface BaseUrlGuardOptions extends SharedGuardOptions {
  resolve?: HostResolver;
}

export function baseUrlGuardOptions(env: Record<string, string | undefined>): BaseUrlGuardOptions {
  return sharedGuardOptions(env);
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
    throw new HttpError(400, error.code, `${key}: ${error.message}${privateNetworkHint(key, options)}`, { key });
  }
}
