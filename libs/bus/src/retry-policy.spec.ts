import { resolveRetryPolicy, retryDelayMs, retryDelaysFor } from './retry-policy';

describe('retry policy', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 500 };

  it('doubles the delay per failed attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, policy))).toEqual([100, 200, 400, 500, 500]);
  });

  it('lists each distinct delay a subscription can need (one RabbitMQ retry queue each)', () => {
    expect(retryDelaysFor(1, policy)).toEqual([]);
    expect(retryDelaysFor(6, policy)).toEqual([100, 200, 400, 500]);
  });

  it('defaults to 1 s doubling up to 60 s and never caps below the base', () => {
    expect(resolveRetryPolicy({})).toEqual({ baseDelayMs: 1_000, maxDelayMs: 60_000 });
    expect(resolveRetryPolicy({ retryBaseDelayMs: 2_000, maxRetryDelayMs: 10 })).toEqual({ baseDelayMs: 2_000, maxDelayMs: 2_000 });
    expect(() => resolveRetryPolicy({ retryBaseDelayMs: -1 })).toThrow(RangeError);
  });
});
