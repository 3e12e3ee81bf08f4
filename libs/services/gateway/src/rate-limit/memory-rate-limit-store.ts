import type { RateLimitStore, WindowCount } from './rate-limit-store';

interface Entry {
  windowStartMs: number;
  hits: number;
  events: number[];
  expiresAtMs: number;
}

/**
 * Counts in this process only: the all-in-one shape's store, where one process serves every request.
 * A flood of distinct keys cannot grow it without bound: past `maxKeys` the longest-untouched keys
 * are forgotten first (a Map keeps insertion order, and every write re-inserts its key).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxKeys: number;

  constructor(options: { maxKeys?: number } = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  async countHit(key: string, windowStartMs: number, windowMs: number): Promise<WindowCount> {
    const entry = this.entries.get(key);
    const next: Entry =
      entry && entry.windowStartMs >= windowStartMs
        ? { ...entry, hits: entry.hits + 1 }
        : { windowStartMs, hits: 1, events: [], expiresAtMs: windowStartMs + windowMs };
    this.write(key, next);
    return { hits: next.hits, windowStartMs: next.windowStartMs };
  }

  async recentEvents(key: string, sinceMs: number): Promise<number[]> {
    return (this.entries.get(key)?.events ?? []).filter((at) => at > sinceMs);
  }

  async recordEvent(key: string, atMs: number, options: { sinceMs: number; keep: number; expiresAtMs: number }): Promise<void> {
    const kept = [...(this.entries.get(key)?.events ?? []), atMs].filter((at) => at > options.sinceMs).sort((a, b) => a - b);
    this.write(key, { windowStartMs: 0, hits: 0, events: kept.slice(-options.keep), expiresAtMs: options.expiresAtMs });
  }

  async forget(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async prune(nowMs: number): Promise<void> {
    for (const [key, entry] of this.entries) if (entry.expiresAtMs < nowMs) this.entries.delete(key);
  }

  private write(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value as string);
  }
}
