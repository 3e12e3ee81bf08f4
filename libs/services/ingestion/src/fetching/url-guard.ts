import { lookup } from 'node:dns/promises';
import { checkAddress, isIpLiteral, type AddressPolicy } from './address-policy';
import { FetchError } from './fetch-errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → addresses; injectable so tests can play hostile DNS without a network. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const results = await lookup(hostname, { all: true, verbatim: true });
  return results.map((result) => ({ address: result.address, family: result.family === 6 ? 6 : 4 }));
};

/**
 * Parses a user- or feed-supplied URL: http(s) only, no credentials. The WHATWG parser already turns
 * `0x7f000001`, `2130706433` and `017700000001` into 127.0.0.1, so the address check sees the real target.
 */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchError('invalid_url', `not a valid absolute URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('url_not_allowed', `scheme ${url.protocol.replace(':', '')} is not allowed (http and https only)`);
  }
  if (!url.hostname) throw new FetchError('invalid_url', 'the URL has no host');
  if (url.username || url.password) throw new FetchError('url_not_allowed', 'URLs with credentials are not allowed');
  return url;
}

/**
 * Resolves the URL's host and vets every address; the first one is the address the connection is
 * pinned to. Refuses when any address is refused, so a name mixing public and private answers
 * cannot be used to reach the private one.
 */
export async function resolveAllowedAddress(url: URL, policy: AddressPolicy, resolver: Resolver): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let candidates: ResolvedAddress[];
  if (isIpLiteral(host)) {
    candidates = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      candidates = await resolver(host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new FetchError('network', `cannot resolve ${host}${code ? ` (${code})` : ''}`);
    }
    if (candidates.length === 0) throw new FetchError('network', `cannot resolve ${host} (no addresses)`);
  }
  for (const candidate of candidates) {
    const verdict = checkAddress(candidate.address, policy);
    if (!verdict.allowed) throw new FetchError('url_not_allowed', `${url.hostname} is refused: ${verdict.reason}`);
  }
  return candidates[0];
}
