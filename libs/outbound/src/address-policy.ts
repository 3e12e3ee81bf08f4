import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses an outbound connection may go to. Only public unicast by default; the
 * private-network opt-ins (INGEST_ALLOW_PRIVATE_NETWORKS for article fetching,
 * PROVIDER_ALLOW_PRIVATE_NETWORKS for the hosted providers' and GitHub's base URLs) open loopback and
 * private ranges, never link-local or cloud metadata endpoints.
 */
export interface AddressPolicy {
  allowPrivateNetworks: boolean;
}

export type AddressVerdict = { allowed: true; range: string } | { allowed: false; range: string; reason: string };

/** Cloud metadata services, refused whatever the policy (some sit in ranges the private flag opens). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/** Ranges the private-network opt-ins open. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** IPv6 ranges that embed or tunnel an IPv4 address we cannot vet reliably. */
const TRANSITION_RANGES = new Set(['rfc6052', '6to4', 'teredo', 'rfc6145']);

/**
 * IPv4-compatible IPv6 (`::a.b.c.d`, the deprecated ::/96 form, e.g. `::a9fe:a9fe` = 169.254.169.254):
 * ipaddr.js calls it unicast, but some stacks route it to the embedded IPv4 address, so it is never fetched.
 */
function isIpv4Compatible(parsed: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (parsed.kind() !== 'ipv6') return false;
  const parts = (parsed as ipaddr.IPv6).parts;
  return parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1);
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}

export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return { allowed: false, range: 'invalid', reason: `${address} is not an IP address` };
  let parsed = ipaddr.parse(literal);
  // ::ffff:127.0.0.1 and friends are the IPv4 address in disguise: judge the IPv4 address.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const normalized = parsed.toString();
  if (isIpv4Compatible(parsed)) {
    return { allowed: false, range: 'ipv4Compatible', reason: `${normalized} is an IPv4-compatible IPv6 address (::/96)` };
  }
  const range = parsed.range();
  if (METADATA_ADDRESSES.has(normalized)) return { allowed: false, range, reason: `${normalized} is a cloud metadata address` };
  if (range === 'unicast') return { allowed: true, range };
  if (PRIVATE_RANGES.has(range)) {
    return policy.allowPrivateNetworks
      ? { allowed: true, range }
      : { allowed: false, range, reason: `${normalized} is a ${range} address` };
  }
  if (TRANSITION_RANGES.has(range)) return { allowed: false, range, reason: `${normalized} is an IPv6 transition (${range}) address` };
  return { allowed: false, range, reason: `${normalized} is a ${range} address` };
}
