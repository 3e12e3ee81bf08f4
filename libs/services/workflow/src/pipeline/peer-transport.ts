import { BusClosedError, BusTimeoutError, BusUnavailableError } from '@huntforge/bus';

/**
 * A question to a peer service that failed in transport: the connection or channel was lost, the reply was
 * lost with it, or no reply came in time. The peer's answer is unknown, so it is never a verdict on the run:
 * the request is asked again, and a run whose request still cannot get through goes back to the queue.
 */
export function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof BusUnavailableError ||
    error instanceof BusTimeoutError ||
    error instanceof BusClosedError ||
    error instanceof PeerUnreachableError
  );
}

/** Every attempt of a request failed in transport; the execution is requeued, never failed, for it. */
export class PeerUnreachableError extends Error {
  constructor(
    readonly key: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(
      `${key}: no answer after ${attempts} attempts (${options.cause instanceof Error ? options.cause.message : String(options.cause)})`,
      options,
    );
    this.name = 'PeerUnreachableError';
  }
}

export interface TransportRetryPolicy {
  /** Attempts per request, the first included. */
  attempts: number;
  /** Wait before the second attempt; doubles for each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `request`, asking again (with exponential backoff) while it fails in transport: a dropped connection
 * is reopened by the bus meanwhile. Any other failure, or a cancel, ends it at once.
 */
export async function withTransportRetry<T>(
  key: string,
  policy: TransportRetryPolicy,
  signal: AbortSignal,
  request: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      // A closed bus is this process shutting down: asking again cannot help, the requeue will.
      if (signal.aborted || !isTransportFailure(error) || error instanceof BusClosedError) throw error;
      if (attempt >= policy.attempts) throw new PeerUnreachableError(key, attempt, { cause: error });
      await pause(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)), signal);
    }
  }
}
