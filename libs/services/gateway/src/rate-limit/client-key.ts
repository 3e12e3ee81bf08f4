import { BlockList, isIP } from 'node:net';

/** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES): addresses and CIDR ranges. */
export type TrustedProxies = (address: string) => boolean;

/** An IPv4 address as an IPv6 socket reports it (::ffff:10.1.2.3) is the IPv4 address. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

/** Compiles TRUSTED_PROXIES entries; throws naming an entry that is neither an address nor a CIDR range. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits && bits !== ''))
    ) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is neither an IP address nor a CIDR range (10.0.0.0/8, fd00::/8)`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Who a request without a token counts as, for sign-in failures and rate limits: its peer's address, unless
 * the peer is a configured proxy (TRUSTED_PROXIES; none by default). Behind trusted proxies it is the nearest
 * X-Forwarded-For hop that is not one of them: entries further left were written by the client and would let
 * it pick its own key (to escape a lock-out, or to aim one at somebody else).
 */
export function clientKeyOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  const socket = plain(socketAddress ?? 'unknown');
  if (!trusted(socket)) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (isIP(hop) === 0) return socket;
    if (!trusted(hop)) return hop;
  }
  return hops[0] ?? socket;
}
