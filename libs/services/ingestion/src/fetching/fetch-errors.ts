/** Why an outbound fetch did not produce a usable body. `reason` is safe to show to users. */
export type FetchErrorKind =
  'invalid_url' | 'url_not_allowed' | 'timeout' | 'too_large' | 'http_status' | 'too_many_redirects' | 'network' | 'decode';

export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}
