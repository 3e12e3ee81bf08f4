const PRIVATE_ADDRESS = /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i;

/**
 * Who a request without a token counts as, for sign-in failures and rate limits. A connection from a
 * private or loopback address is usually a reverse proxy (an ingress): its clients are told apart by
 * the address it appended last to X-Forwarded-For, so one client never locks out everyone behind the
 * proxy. A public address is counted as itself, whatever headers it sends.
 */
export function clientKeyOf(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
  const socket = socketAddress ?? 'unknown';
  if (!PRIVATE_ADDRESS.test(socket)) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  const client = hops.at(-1);
  return client ? `${socket} for ${client}` : socket;
}
