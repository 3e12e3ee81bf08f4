import { isIP } from 'node:net';

/**
 * True when `host` only accepts connections from this machine: `localhost`, 127.0.0.0/8, ::1 or an
 * IPv4-mapped loopback. Unauthenticated mode is allowed only there, so anything ambiguous
 * (`0.0.0.0`, `::`, a hostname) counts as reachable from the network.
 */
export function isLoopbackHost(host: string): boolean {
  const normalized = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (normalized === 'localhost') return true;
  if (isIP(normalized) === 4) return normalized.startsWith('127.');
  if (isIP(normalized) === 6) {
    if (normalized === '::1' || normalized === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(normalized);
    return mapped !== null && mapped[1].startsWith('127.');
  }
  return false;
}
