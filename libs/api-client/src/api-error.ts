/** A non-2xx answer: the API's stable error `code`, its message and details, with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = undefined,
    readonly requestId: string | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorEnvelope {
  error: { code: string; message: string; details?: unknown; request_id?: string };
}

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: unknown } | null)?.error as { code?: unknown; message?: unknown } | undefined;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

/** The error a failed response stands for; a body that is not our envelope (a proxy's page) keeps the status. */
export function apiErrorOf(status: number, body: unknown, requestId?: string): ApiError {
  if (isErrorEnvelope(body))
    return new ApiError(status, body.error.code, body.error.message, body.error.details, body.error.request_id ?? requestId);
  return new ApiError(status, `http_${status}`, `the server answered ${status} without an error body`, body, requestId);
}
