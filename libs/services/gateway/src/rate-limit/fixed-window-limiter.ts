import type { RateLimitStore } from './rate-limit-store';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface FixedWindowLimiterOptions {
  now?: () => number;
  /** How often expired counts are dropped from the store. */
  pruneEveryMs?: number;
  onPruneError?: (error: unknown) => void;
}

const secondsUntil = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * At most `limit` requests per key in each fixed window (windows start at multiples of `windowMs`,
 * so every replica agrees on them); the refused learn when the window ends. Fixed windows need one
 * counter per key and one atomic write per request, and Retry-After is exact.
 */
export class FixedWindowLimiter {
  /** Keys already over their limit in this window: refused here without another write to the store. */
  private readonly refusedUntil = new Map<string, number>();
  private nextPruneAt = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly options: FixedWindowLimiterOptions = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async take(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now();
    this.pruneWhenDue(now);
    const refusedUntil = this.refusedUntil.get(key);
    if (refusedUntil !== undefined) {
      if (refusedUntil > now) return { allowed: false, retryAfterSeconds: secondsUntil(refusedUntil - now) };
      this.refusedUntil.delete(key);
    }
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const { hits, windowStartMs } = await this.store.countHit(key, windowStart, rule.windowMs);
    if (hits <= rule.limit) return { allowed: true, remaining: rule.limit - hits };
    // Counts only grow within a window, so the refusal stands until it ends, whichever replica is asked.
    const windowEnd = windowStartMs + rule.windowMs;
    this.refusedUntil.set(key, windowEnd);
    return { allowed: false, retryAfterSeconds: secondsUntil(windowEnd - now) };
  }

  private pruneWhenDue(now: number): void {
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + (this.options.pruneEveryMs ?? 60_000);
    for (const [key, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(key);
    // Housekeeping only: a failed prune must not fail the request; the next one retries.
    this.store.prune(now).catch((error: unknown) => this.options.onPruneError?.(error));
  }
}
