export { createHttpApp, type CreateHttpAppOptions } from './create-http-app';
export { finalizeHttpApp } from './finalize-http-app';
export { HttpError, httpErrors } from './http-error';
export { errorBody, errorBodySchema, validationIssueSchema, type ErrorBody, type ValidationIssue } from './error-body';
export { parseOrThrow, validationDetails, type RequestPart } from './parse';
export { serializeError, toErrorResponse, type ErrorResponse } from './error-mapping';
export { REQUEST_ID_HEADER, resolveRequestId } from './request-id';
