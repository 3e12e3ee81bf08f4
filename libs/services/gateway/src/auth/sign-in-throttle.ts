import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';

export interface SignInThrottleOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
  /** Shared by every gateway replica in the distributed shape; this process's memory by default. */
  store?: RateLimitStore;
}

/**
 * Failed sign-ins per client address in a sliding window: past the limit, every attempt from that address
 * (right token or not) is refused until the oldest failure leaves the window, so tokens cannot be guessed
 * through the sign-in page. A success clears the address. With the database store every replica sees
 * the same failures, so spreading guesses over replicas gains nothing.
 */
export class SignInThrottle {
  private readonly store: RateLimitStore;

  constructor(private readonly options: SignInThrottleOptions = { maxFailures: 10, windowMs: 15 * 60_000 }) {
    this.store = options.store ?? new MemoryRateLimitStore({ maxKeys: 10_000 });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private keyOf(client: string): string {
    return `sign-in-failures/${client}`;
  }

  /** Seconds to wait when the address is blocked, or null when it may try. */
  async retryAfterSeconds(client: string): Promise<number | null> {
    const now = this.now();
    const recent = await this.store.recentEvents(this.keyOf(client), now - this.options.windowMs);
    if (recent.length < this.options.maxFailures) return null;
    const oldest = recent[recent.length - this.options.maxFailures] as number;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - now) / 1000));
  }

  async failed(client: string): Promise<void> {
    const now = this.now();
    // Only the newest maxFailures failures decide a refusal, so no more are kept.
    await this.store.recordEvent(this.keyOf(client), now, {
      sinceMs: now - this.options.windowMs,
      keep: this.options.maxFailures,
      expiresAtMs: now + this.options.windowMs,
    });
  }

  async succeeded(client: string): Promise<void> {
    await this.store.forget(this.keyOf(client));
  }
}
