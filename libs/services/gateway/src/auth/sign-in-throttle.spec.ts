import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store';
import { SignInThrottle } from './sign-in-throttle';

describe('failed sign-ins per address', () => {
  let now = 0;
  const throttle = () =>
    new SignInThrottle({ maxFailures: 3, windowMs: 60_000, now: () => now, store: new MemoryRateLimitStore({ maxKeys: 2 }) });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('blocks an address at the limit until its oldest failure leaves the window', async () => {
    const t = throttle();
    await t.failed('a');
    now += 10_000;
    await t.failed('a');
    expect(await t.retryAfterSeconds('a')).toBeNull();
    await t.failed('a');
    expect(await t.retryAfterSeconds('a')).toBe(50);
    expect(await t.retryAfterSeconds('b')).toBeNull();
    now += 50_001;
    expect(await t.retryAfterSeconds('a')).toBeNull();
  });

  it('clears an address on success and forgets the longest-quiet addresses past its cap', async () => {
    const t = throttle();
    await t.failed('a');
    await t.failed('a');
    await t.succeeded('a');
    await t.failed('a');
    expect(await t.retryAfterSeconds('a')).toBeNull();
    for (const key of ['b', 'c']) for (let i = 0; i < 3; i++) await t.failed(key);
    // 'a' was dropped to keep two addresses; 'b' and 'c' stay blocked.
    expect(await t.retryAfterSeconds('b')).not.toBeNull();
    expect(await t.retryAfterSeconds('c')).not.toBeNull();
  });
});
