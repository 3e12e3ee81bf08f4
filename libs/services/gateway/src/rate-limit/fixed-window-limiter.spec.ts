import { FixedWindowLimiter } from './fixed-window-limiter';
import { MemoryRateLimitStore } from './memory-rate-limit-store';
import type { RateLimitStore, WindowCount } from './rate-limit-store';

/** The memory store, counting how often the limiter writes to it and able to fail its prunes. */
class CountingStore extends MemoryRateLimitStore {
  writes = 0;
  pruned: number[] = [];
  failPrune = false;
  override async countHit(key: string, windowStartMs: number, windowMs: number): Promise<WindowCount> {
    this.writes++;
    return super.countHit(key, windowStartMs, windowMs);
  }
  override async prune(nowMs: number): Promise<void> {
    this.pruned.push(nowMs);
    if (this.failPrune) throw new Error('database went away');
    return super.prune(nowMs);
  }
}

const perMinute = (limit: number) => ({ limit, windowMs: 60_000 });

describe('FixedWindowLimiter', () => {
  let now: number;
  beforeEach(() => {
    // 15 s into a minute window.
    now = 1_800_000_015_000;
  });

  it('allows the limit within a window, then refuses until the window ends, with the seconds left', async () => {
    const limiter = new FixedWindowLimiter(new MemoryRateLimitStore(), { now: () => now });
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: true, remaining: 2 });
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: true, remaining: 1 });
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: true, remaining: 0 });
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: false, retryAfterSeconds: 45 });
    now += 44_500;
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 500;
    expect(await limiter.take('k', perMinute(3))).toEqual({ allowed: true, remaining: 2 });
  });

  it('counts each key apart', async () => {
    const limiter = new FixedWindowLimiter(new MemoryRateLimitStore(), { now: () => now });
    await limiter.take('a', perMinute(1));
    expect((await limiter.take('a', perMinute(1))).allowed).toBe(false);
    expect(await limiter.take('b', perMinute(1))).toEqual({ allowed: true, remaining: 0 });
  });

  it('refuses a key already over its limit without writing to the store again', async () => {
    const store = new CountingStore();
    const limiter = new FixedWindowLimiter(store, { now: () => now });
    for (let i = 0; i < 5; i++) await limiter.take('k', perMinute(1));
    expect(store.writes).toBe(2);
  });

  it('waits for the newer window when another replica already opened it (its clock runs ahead)', async () => {
    const store: RateLimitStore = new MemoryRateLimitStore();
    const ahead = new FixedWindowLimiter(store, { now: () => now + 60_000 });
    const behind = new FixedWindowLimiter(store, { now: () => now });
    await ahead.take('k', perMinute(1));
    // The slower replica counts into the newer window and tells its client when that one ends.
    expect(await behind.take('k', perMinute(1))).toEqual({ allowed: false, retryAfterSeconds: 105 });
  });

  it('prunes expired counts at most once per interval and reports a failed prune without failing the request', async () => {
    const store = new CountingStore();
    store.failPrune = true;
    const errors: unknown[] = [];
    const limiter = new FixedWindowLimiter(store, { now: () => now, pruneEveryMs: 60_000, onPruneError: (error) => errors.push(error) });
    expect((await limiter.take('k', perMinute(5))).allowed).toBe(true);
    now += 30_000;
    await limiter.take('k', perMinute(5));
    now += 30_000;
    await limiter.take('k', perMinute(5));
    expect(store.pruned).toEqual([1_800_000_015_000, 1_800_000_075_000]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(2);
    expect((errors[0] as Error).message).toBe('database went away');
  });
});
