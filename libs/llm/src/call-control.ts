import { LlmError } from './errors';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** First backoff; doubled per attempt, with jitter. */
  baseDelayMs: number;
  /** No single wait is longer than this, whatever Retry-After says. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Aborts on the caller's signal or after `timeoutMs`; `timedOut()` tells the two apart. */
export function callDeadline(timeoutMs: number, signal?: AbortSignal): { signal: AbortSignal; timedOut(): boolean; dispose(): void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new LlmError('timeout', `No answer within ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = () => controller.abort(new LlmError('cancelled', 'The call was cancelled'));
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After as seconds or an HTTP date (also `retry-after-ms`), in milliseconds. */
export function retryAfterMs(headers: Headers | Record<string, string | undefined> | undefined | null): number | undefined {
  if (!headers) return undefined;
  // Duck-typed: the guarded fetch answers with undici's own Headers class, not the global one.
  const isHeaders = (value: typeof headers): value is Headers => typeof (value as Headers).get === 'function';
  const get = (name: string) => (isHeaders(headers) ? headers.get(name) : headers[name]) ?? undefined;
  const ms = Number(get('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && get('retry-after-ms') !== undefined) return ms;
  const value = get('retry-after');
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export interface AttemptFailure {
  error: LlmError;
  /** The provider's own hint, e.g. from Retry-After. */
  retryAfterMs?: number;
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the policy is spent. Waits honour Retry-After
 * (capped) or back off exponentially; the deadline's signal interrupts a wait.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  signal: AbortSignal,
  attempt: (attemptNumber: number) => Promise<T>,
  classify: (error: unknown) => AttemptFailure,
): Promise<{ value: T; attempts: number }> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return { value: await attempt(attemptNumber), attempts: attemptNumber };
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof LlmError ? signal.reason : new LlmError('cancelled', 'The call was cancelled');
      const failure = classify(error);
      failure.error.details.attempts = attemptNumber;
      if (!failure.error.retryable || attemptNumber > policy.retries) throw failure.error;
      const backoff = policy.baseDelayMs * 2 ** (attemptNumber - 1) * (0.8 + Math.random() * 0.4);
      await sleep(Math.min(policy.maxDelayMs, failure.retryAfterMs ?? backoff), signal);
    }
  }
}

/** Maps an HTTP status from a provider to our error code. */
export function errorForStatus(provider: string, status: number | undefined, what = 'request'): LlmError {
  if (status === 401 || status === 403)
    return new LlmError('authentication_failed', `${provider} rejected the credential (HTTP ${status})`, { provider, status });
  if (status === 429) return new LlmError('rate_limited', `${provider} is rate limiting requests (HTTP 429)`, { provider, status });
  if (status !== undefined && (status >= 500 || status === 408 || status === 409)) {
    return new LlmError('provider_unavailable', `${provider} failed to answer the ${what} (HTTP ${status})`, { provider, status });
  }
  if (status === 404)
    return new LlmError('bad_request', `${provider} does not know the model or endpoint (HTTP 404)`, { provider, status });
  if (status !== undefined) return new LlmError('bad_request', `${provider} refused the ${what} (HTTP ${status})`, { provider, status });
  return new LlmError('provider_unavailable', `${provider} could not be reached`, { provider });
}
