import type { ComponentHealth } from '../module';
import type { HealthCheck } from './run-checks';

export interface CoalescedCheckOptions {
  /** Reuse a finished result for this long (default 0: only callers of the same run share it). */
  maxAgeMs?: number;
  /** Clock in milliseconds; tests inject their own. */
  now?: () => number;
}

/**
 * Shares one in-flight run of `check` among every caller that arrives while it runs, and optionally
 * reuses its result for `maxAgeMs`. Load balancers hit /health hard; on the embedded database a query runs
 * on the event loop itself, so a ping per request would cap the gateway at the database's speed.
 */
export function coalescedCheck(check: HealthCheck, options: CoalescedCheckOptions = {}): () => Promise<ComponentHealth> {
  const maxAgeMs = options.maxAgeMs ?? 0;
  const now = options.now ?? (() => performance.now());
  let inFlight: Promise<ComponentHealth> | null = null;
  let last: { result: ComponentHealth; at: number } | null = null;
  return () => {
    if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.result);
    inFlight ??= Promise.resolve()
      .then(check)
      .then((result) => {
        last = { result, at: now() };
        return result;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
