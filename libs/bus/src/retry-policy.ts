/** Exponential backoff between deliveries of a failing message. */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

export const defaultMaxAttempts = 5;
export const defaultPrefetch = 10;
export const defaultRequestTimeoutMs = 10_000;

/**
 * Delay before the delivery that follows failed delivery number `failedAttempt` (1-based). No jitter:
 * on RabbitMQ each distinct delay is one retry queue with a fixed TTL, so delays must repeat exactly.
 */
export function retryDelayMs(failedAttempt: number, policy: RetryPolicy): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(exponential));
}

/** Every delay a subscription with `maxAttempts` can need, without duplicates. */
export function retryDelaysFor(maxAttempts: number, policy: RetryPolicy): number[] {
  const delays = new Set<number>();
  for (let attempt = 1; attempt < maxAttempts; attempt++) delays.add(retryDelayMs(attempt, policy));
  return [...delays];
}

export function resolveRetryPolicy(options: { retryBaseDelayMs?: number; maxRetryDelayMs?: number }): RetryPolicy {
  const baseDelayMs = options.retryBaseDelayMs ?? defaultRetryPolicy.baseDelayMs;
  const maxDelayMs = Math.max(baseDelayMs, options.maxRetryDelayMs ?? defaultRetryPolicy.maxDelayMs);
  if (!(baseDelayMs >= 0)) throw new RangeError(`retryBaseDelayMs must be >= 0, got ${baseDelayMs}`);
  return { baseDelayMs, maxDelayMs };
}

export function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
