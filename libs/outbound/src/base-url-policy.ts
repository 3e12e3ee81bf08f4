import type { AddressPolicy } from './address-policy';

/** The locally hosted provider: its server normally runs on this machine or the local network. */
const LOCAL_PROVIDER_KEYS: ReadonlySet<string> = new Set(['OLLAMA_HOST']);

export interface BaseUrlGuardOptions {
  /** PROVIDER_ALLOW_PRIVATE_NETWORKS: the operator lets hosted-provider and GitHub base URLs be private (an in-house proxy). */
  allowPrivateNetworks: boolean;
}

export function baseUrlGuardOptions(env: Record<string, string | undefined>): BaseUrlGuardOptions {
  return { allowPrivateNetworks: env['PROVIDER_ALLOW_PRIVATE_NETWORKS']?.trim().toLowerCase() === 'true' };
}

export function isLocalProviderKey(key: string): boolean {
  return LOCAL_PROVIDER_KEYS.has(key);
}

/**
 * Which addresses the base URL named by setting `key` may resolve to: public only, but loopback and private ones for
 * Ollama (all-in-one runs it on localhost by default) or with the operator's opt-in. Metadata and link-local never.
 * The same policy serves the check when a URL is saved (gateway) and at each connection (libs/llm).
 */
export function baseUrlPolicy(key: string, options: BaseUrlGuardOptions): AddressPolicy {
  return { allowPrivateNetworks: options.allowPrivateNetworks || isLocalProviderKey(key) };
}

/** The hint a refusal carries when the operator's opt-in would have opened the address. */
export function privateNetworkHint(key: string, options: BaseUrlGuardOptions): string {
  return isLocalProviderKey(key) || options.allowPrivateNetworks
    ? ''
    : ' (an operator may allow private networks with PROVIDER_ALLOW_PRIVATE_NETWORKS=true)';
}
