import {
  baseUrlGuardOptions,
  baseUrlPolicy,
  outboundRefusalOf,
  privateNetworkHint,
  type BaseUrlGuardOptions,
  type HostResolver,
} from '@huntforge/outbound';
import { LlmError } from '../errors';
import { createGuardedFetch } from './guarded-fetch';

/**
 * How provider connections are vetted at call time: the same policy the gateway applies when a base URL is saved
 * (libs/outbound), applied again by the socket's lookup because a name may resolve elsewhere by now (DNS rebinding).
 */
export interface OutboundGuardOptions {
  /** Default: PROVIDER_ALLOW_PRIVATE_NETWORKS from `operatorEnv`. */
  baseUrls?: BaseUrlGuardOptions;
  /** Name → addresses; tests inject one whose answers change. Default: the system resolver. */
  resolve?: HostResolver;
  /** The operator's environment (default process.env: every service process runs with it). */
  operatorEnv?: Record<string, string | undefined>;
}

export type { BaseUrlGuardOptions, HostResolver };

function normalized(url: string | undefined): string {
  return (url ?? '').trim().replace(/\/+$/, '');
}

/**
 * The address policy for the base URL `value` of setting `key`. A value the operator set in the environment is the
 * operator's choice (as when the gateway vets stored URLs): private networks are open to it, metadata and link-local
 * still never. A stored value, the one an admin can change, gets the policy as it is.
 */
function policyFor(key: string, value: string | undefined, guard: OutboundGuardOptions) {
  const env = guard.operatorEnv ?? process.env;
  const options = guard.baseUrls ?? baseUrlGuardOptions(env);
  const operatorChoice = value !== undefined && normalized(value) !== '' && normalized(value) === normalized(env[key]);
  return { options, policy: baseUrlPolicy(key, { allowPrivateNetworks: options.allowPrivateNetworks || operatorChoice }) };
}

/**
 * The address policy a connection to `value` (the base URL of setting `key`) is held to: for a check before the
 * connection (GitHub's submit) that must refuse exactly what guardedFetchFor will refuse, and say so the same way.
 */
export function baseUrlPolicyFor(key: string, value: string | undefined, guard: OutboundGuardOptions = {}) {
  const { options, policy } = policyFor(key, value, guard);
  // Only a private address the opt-in would open earns the hint; metadata and link-local stay refused regardless.
  return { policy, hint: policy.allowPrivateNetworks ? '' : privateNetworkHint(key, options) };
}

/** The fetch a provider SDK uses for `value`, the base URL of setting `key` (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST). */
export function guardedFetchFor(key: string, value: string | undefined, guard: OutboundGuardOptions = {}): typeof globalThis.fetch {
  return createGuardedFetch({ policy: policyFor(key, value, guard).policy, resolve: guard.resolve });
}

/** A refused connection as a provider failure: not retried, and it says why (the address, never the credential). */
export function refusedBaseUrl(error: unknown, provider: string, key: string, guard: OutboundGuardOptions = {}): LlmError | undefined {
  const refusal = outboundRefusalOf(error);
  if (!refusal) return undefined;
  const hint = privateNetworkHint(key, policyFor(key, undefined, guard).options);
  return new LlmError('url_not_allowed', `${provider}: ${key} ${refusal.message}${hint}`, { provider });
}
