import { lookup } from 'node:dns/promises';
import { checkAddress, isIpLiteral, OutboundUrlError, type AddressPolicy, type HostResolver } from '@huntforge/outbound';

export const systemHostResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((result) => result.address);

/**
 * A base URL the service will send requests (and credentials) to: http(s), no credentials in it, and every
 * address its host resolves to allowed by `policy` (so a name that answers with a metadata or private
 * address is refused). A name that does not resolve is accepted: nothing can be reached through it, and
 * refusing it would refuse a provider that is only briefly unreachable.
 */
export async function checkOutboundUrl(raw: string, policy: AddressPolicy, resolve: HostResolver = systemHostResolver): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OutboundUrlError('invalid_url', 'not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundUrlError('url_not_allowed', `scheme ${url.protocol.replace(':', '')} is not allowed (http and https only)`);
  if (url.username || url.password) throw new OutboundUrlError('url_not_allowed', 'URLs with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIpLiteral(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return url;
    }
  }
  for (const address of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.allowed) throw new OutboundUrlError('url_not_allowed', `${url.hostname} is refused: ${verdict.reason}`);
  }
  return url;
}
