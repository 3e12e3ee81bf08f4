import { ZodError } from 'zod';
import { CredentialBaseUrlChangedError, SettingDecryptionError } from '@huntforge/data';
import { errorBody, type ErrorBody } from './error-body';
import { HttpError } from './http-error';
import { MAX_JSON_DEPTH } from './json-depth';
import { validationDetails } from './parse';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the cause is a bug or an outage rather than the client's request: log it with its stack. */
  unexpected: boolean;
}

const INTERNAL_MESSAGE = 'Internal server error';

/** body-parser's error `type`s and what the client is told. */
const BODY_PARSER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  'entity.too.large': { status: 413, code: 'payload_too_large', message: 'Request body exceeds the size limit' },
  'entity.parse.failed': { status: 400, code: 'invalid_json', message: 'Request body is not valid JSON' },
  'entity.too.deep': { status: 400, code: 'json_too_deep', message: `Request body nests more than ${MAX_JSON_DEPTH} levels deep` },
  'charset.unsupported': { status: 415, code: 'unsupported_charset', message: 'Unsupported request body charset' },
  'encoding.unsupported': { status: 415, code: 'unsupported_encoding', message: 'Unsupported Content-Encoding' },
  'request.aborted': { status: 400, code: 'request_aborted', message: 'Request body was not received completely' },
  'request.size.invalid': { status: 400, code: 'bad_request', message: 'Request body length does not match Content-Length' },
  'parameters.too.many': { status: 413, code: 'payload_too_large', message: 'Too many parameters in the request body' },
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'too_many_requests',
};

/**
 * Maps anything a route or middleware threw to the one error body. Only HttpError, validation and
 * well-known client errors carry their message to the client; everything else is a generic 500.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.details), unexpected: error.status >= 500 };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: errorBody('validation_error', 'Invalid request', validationDetails(error)), unexpected: false };
  }

  // A stored secret the configured key cannot open: the operator's to fix, and never the value in the message.
  if (error instanceof SettingDecryptionError) {
    return { status: 409, body: errorBody('setting_undecryptable', error.message, { key: error.key }), unexpected: false };
  }
  // A credential withheld because its base URL changed after it was entered: an admin must enter it again.
  if (error instanceof CredentialBaseUrlChangedError) {
    return {
      status: 409,
      body: errorBody(error.code, error.message, { key: error.key, base_url_key: error.baseUrlKey }),
      unexpected: false,
    };
  }
  // A path segment that is not valid percent-encoding (`/api/articles/%ff`): express marks it 400 but not `expose`.
  if (error instanceof URIError && numberProperty(error, 'status') === 400) {
    return { status: 400, body: errorBody('invalid_path', 'The URL path is not valid percent-encoding'), unexpected: false };
  }

  const type = stringProperty(error, 'type');
  const known = type === undefined ? undefined : BODY_PARSER_ERRORS[type];
  if (known) return { status: known.status, body: errorBody(known.code, known.message), unexpected: false };

  // http-errors from express internals (static files, body-parser extras) mark client-safe ones with `expose`.
  const status = numberProperty(error, 'status') ?? numberProperty(error, 'statusCode');
  if (status !== undefined && status >= 400 && status < 500 && (error as { expose?: unknown }).expose === true) {
    const message = stringProperty(error, 'message') ?? 'Bad request';
    return { status, body: errorBody(CODE_BY_STATUS[status] ?? 'bad_request', message), unexpected: false };
  }

  return { status: 500, body: errorBody('internal_error', INTERNAL_MESSAGE), unexpected: true };
}

/**
 * An error as a log field: name, message, stack and code only. Enumerable extras are left out on
 * purpose — body-parser attaches the raw request body, client libraries attach request headers.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

function stringProperty(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const property: unknown = (value as Record<string, unknown>)[key];
  return typeof property === 'string' ? property : undefined;
}

function numberProperty(value: unknown, key: string): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const property: unknown = (value as Record<string, unknown>)[key];
  return typeof property === 'number' ? property : undefined;
}
