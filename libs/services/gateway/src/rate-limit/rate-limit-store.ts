/** A key's count in the fixed window it is in; `windowStartMs` may be newer than asked for when another replica's clock runs ahead. */
export interface WindowCount {
  hits: number;
  windowStartMs: number;
}

/**
 * Where rate-limit counts live: this process's memory (all-in-one) or the database (every gateway
 * replica sees the same counts). Times are epoch milliseconds from the caller's clock, so tests can
 * drive them; each write is one atomic step, so concurrent requests never lose a count.
 */
export interface RateLimitStore {
  /** Counts one request in the window starting at `windowStartMs` and returns that window's count. */
  countHit(key: string, windowStartMs: number, windowMs: number): Promise<WindowCount>;
  /** The times of the key's events after `sinceMs`, oldest first. */
  recentEvents(key: string, sinceMs: number): Promise<number[]>;
  /** Records an event at `atMs`, forgetting those at or before `sinceMs` and all but the newest `keep`. */
  recordEvent(key: string, atMs: number, options: { sinceMs: number; keep: number; expiresAtMs: number }): Promise<void>;
  forget(key: string): Promise<void>;
  /** Drops what expired before `nowMs`. */
  prune(nowMs: number): Promise<void>;
}
