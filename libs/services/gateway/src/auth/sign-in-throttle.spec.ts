import { SignInThrottle, signInClientKey } from './sign-in-throttle';

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

  it('tells apart the clients of a reverse proxy, and counts a public address as itself whatever it claims', () => {
    expect(signInClientKey('10.0.3.7', '198.51.100.20, 203.0.113.9')).toBe('10.0.3.7 for 203.0.113.9');
    expect(signInClientKey('::ffff:127.0.0.1', undefined)).toBe('::ffff:127.0.0.1');
    expect(signInClientKey('203.0.113.77', '192.0.2.1')).toBe('203.0.113.77');
  });
});
