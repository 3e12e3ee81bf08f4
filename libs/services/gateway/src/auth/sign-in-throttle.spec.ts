import { SignInThrottle } from './sign-in-throttle';

describe('failed sign-ins per address', () => {
  let now = 0;
  const throttle = () => new SignInThrottle({ maxFailures: 3, windowMs: 60_000, now: () => now, maxAddresses: 2 });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('blocks an address at the limit until its oldest failure leaves the window', () => {
    const t = throttle();
    t.failed('a');
    now += 10_000;
    t.failed('a');
    expect(t.retryAfterSeconds('a')).toBeNull();
    t.failed('a');
    expect(t.retryAfterSeconds('a')).toBe(50);
    expect(t.retryAfterSeconds('b')).toBeNull();
    now += 50_001;
    expect(t.retryAfterSeconds('a')).toBeNull();
  });

  it('clears an address on success and forgets the longest-quiet addresses past its cap', () => {
    const t = throttle();
    t.failed('a');
    t.failed('a');
    t.succeeded('a');
    t.failed('a');
    expect(t.retryAfterSeconds('a')).toBeNull();
    for (const key of ['b', 'c']) for (let i = 0; i < 3; i++) t.failed(key);
    // 'a' was dropped to keep two addresses; 'b' and 'c' stay blocked.
    expect(t.retryAfterSeconds('b')).not.toBeNull();
    expect(t.retryAfterSeconds('c')).not.toBeNull();
  });
});
