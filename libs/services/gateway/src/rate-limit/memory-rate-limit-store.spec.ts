import { MemoryRateLimitStore } from './memory-rate-limit-store';

describe('MemoryRateLimitStore', () => {
  it('counts within a window, restarts in a newer one and keeps counting in the newer one when asked for an older one', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.countHit('k', 60_000, 60_000)).toEqual({ hits: 1, windowStartMs: 60_000 });
    expect(await store.countHit('k', 60_000, 60_000)).toEqual({ hits: 2, windowStartMs: 60_000 });
    expect(await store.countHit('k', 120_000, 60_000)).toEqual({ hits: 1, windowStartMs: 120_000 });
    expect(await store.countHit('k', 60_000, 60_000)).toEqual({ hits: 2, windowStartMs: 120_000 });
  });

  it('keeps the newest events inside the window, oldest first, and forgets a key on request', async () => {
    const store = new MemoryRateLimitStore();
    for (const at of [10, 20, 30, 40]) await store.recordEvent('e', at, { sinceMs: 15, keep: 2, expiresAtMs: 1000 });
    expect(await store.recentEvents('e', 0)).toEqual([30, 40]);
    expect(await store.recentEvents('e', 35)).toEqual([40]);
    await store.forget('e');
    expect(await store.recentEvents('e', 0)).toEqual([]);
  });

  it('drops expired keys when pruned and the longest-untouched keys past its cap', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 2 });
    await store.countHit('old', 0, 60_000);
    await store.countHit('new', 60_000, 60_000);
    await store.prune(60_001);
    expect(await store.countHit('old', 60_000, 60_000)).toEqual({ hits: 1, windowStartMs: 60_000 });
    await store.countHit('new', 60_000, 60_000);
    await store.countHit('third', 60_000, 60_000);
    // 'old' was touched before 'new', so it went first.
    expect(await store.countHit('new', 60_000, 60_000)).toEqual({ hits: 3, windowStartMs: 60_000 });
    expect(await store.countHit('old', 60_000, 60_000)).toEqual({ hits: 1, windowStartMs: 60_000 });
  });
});
