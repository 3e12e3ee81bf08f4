import { lookup } from 'node:dns/promises';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import {
  isIpLiteral,
  outboundRefusalOf,
  OutboundUrlError,
  vetAddresses,
  vettingLookup,
  type AddressPolicy,
  type HostResolver,
} from '@huntforge/outbound';

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  /** Name → addresses at connection time; tests inject a resolver whose answers change (DNS rebinding). */
  resolve?: HostResolver;
}

const systemHostResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((result) => result.address);

/**
 * A fetch whose every connection (redirects included) goes to an address the policy allows: names are resolved and
 * vetted by the socket's lookup, IP literals (which skip the lookup) are vetted by the connector. Refusals reject with
 * OutboundUrlError. Idle connections close after a few seconds, so no close() is needed.
 */
export function createGuardedFetch(options: GuardedFetchOptions): typeof globalThis.fetch {
  const resolve = options.resolve ?? systemHostResolver;
  const connector = buildConnector({ lookup: vettingLookup(options.policy, resolve) });
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
      if (isIpLiteral(host)) {
        try {
          vetAddresses(host, [host], options.policy);
        } catch (error) {
          callback(error as Error, null);
          return;
        }
      }
      connector(connectOptions, callback);
    },
  });
  const guarded = async (input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : (input as { url: string }).url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundUrlError('url_not_allowed', `scheme ${url.protocol.replace(':', '')} is not allowed (http and https only)`);
    try {
      return await undiciFetch(input, { ...init, dispatcher: agent });
    } catch (error) {
      throw outboundRefusalOf(error) ?? error;
    }
  };
  // undici's fetch types are its own; at run time they are the fetch the SDKs expect.
  return guarded as unknown as typeof globalThis.fetch;
}
