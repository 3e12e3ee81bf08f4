/**
 * Failed sign-ins per client address in a sliding window: past the limit, every attempt from that address
 * (right token or not) is refused until the oldest failure leaves the window, so tokens cannot be guessed
 * through the sign-in page. A success clears the address. Kept in this process: each gateway replica
 * counts its own clients.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: { maxFailures: number; windowMs: number; now?: () => number; maxAddresses?: number } = { maxFailures: 10, windowMs: 15 * 60_000 },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds to wait when the address is blocked, or null when it may try. */
  retryAfterSeconds(key: string): number | null {
    const recent = this.recent(key);
    if (recent.length < this.options.maxFailures) return null;
    const oldest = recent[recent.length - this.options.maxFailures] as number;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.now()) / 1000));
  }

  failed(key: string): void {
    const recent = this.recent(key);
    this.failures.set(key, [...recent, this.now()]);
    // An address flood must not grow the map without bound: forget the longest-quiet addresses first.
    const cap = this.options.maxAddresses ?? 10_000;
    while (this.failures.size > cap) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }
}

const PRIVATE_ADDRESS = /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i;

/**
 * Whose failures these are. A connection from a private or loopback address is usually a reverse proxy
 * (an ingress): its clients are told apart by the address it appended last to X-Forwarded-For, so one
 * client's failures never lock out everyone behind the proxy. A public address is counted as itself,
 * whatever headers it sends.
 */
export function signInClientKey(socketAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
  const socket = socketAddress ?? 'unknown';
  if (!PRIVATE_ADDRESS.test(socket)) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((hop) => hop.trim()).filter(Boolean);
  const client = hops.at(-1);
  return client ? `${socket} for ${client}` : socket;
}
