/**
 * An error meant for the client: its status, code, message and details are sent as they are.
 * Anything else thrown by a route becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type HttpErrorFactory = (message: string, details?: unknown) => HttpError;

function factory(status: number, code: string): HttpErrorFactory {
  return (message, details) => new HttpError(status, code, message, details);
}

/** The common client errors with their standard codes. Use `new HttpError` for a domain-specific code. */
export const httpErrors = {
  badRequest: factory(400, 'bad_request'),
  validation: factory(400, 'validation_error'),
  unauthenticated: factory(401, 'unauthenticated'),
  forbidden: factory(403, 'forbidden'),
  notFound: factory(404, 'not_found'),
  methodNotAllowed: factory(405, 'method_not_allowed'),
  conflict: factory(409, 'conflict'),
  payloadTooLarge: factory(413, 'payload_too_large'),
  unsupportedMediaType: factory(415, 'unsupported_media_type'),
  unprocessable: factory(422, 'unprocessable'),
  tooManyRequests: factory(429, 'too_many_requests'),
  badGateway: factory(502, 'bad_gateway'),
  serviceUnavailable: factory(503, 'service_unavailable'),
  gatewayTimeout: factory(504, 'gateway_timeout'),
} satisfies Record<string, HttpErrorFactory>;
