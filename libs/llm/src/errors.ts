/** Stable codes of provider failures; callers map them to HTTP answers or stage errors. */
export type LlmErrorCode =
  | 'builtin_has_no_model'
  | 'provider_not_configured'
  /** The settings withheld the credential: its base URL changed after it was entered. */
  | 'credential_base_url_changed'
  | 'authentication_failed'
  | 'rate_limited'
  | 'provider_unavailable'
  /** The base URL's host resolves (now) to an address the outbound policy refuses: metadata, link-local, private. */
  | 'url_not_allowed'
  | 'provider_error'
  | 'bad_request'
  | 'timeout'
  | 'cancelled'
  | 'invalid_model_output';

/**
 * A provider call that failed. Messages are written by us and never carry the credential or the
 * provider's raw error text (which can echo parts of a key).
 */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly details: { provider?: string; status?: number; attempts?: number; raw?: string } = {},
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** Worth another attempt: the provider was busy, failed on its side, or the connection broke. */
  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'provider_unavailable';
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}
