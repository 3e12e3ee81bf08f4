export { createHttpApp, type CreateHttpAppOptions } from './create-http-app';
export { finalizeHttpApp } from './finalize-http-app';
export { HttpError, httpErrors } from './http-error';
export { errorBody, errorBodySchema, validationIssueSchema, type ErrorBody, type ValidationIssue } from './error-body';
export { parseOrThrow, validationDetails, type RequestPart } from './parse';
export { serializeError, toErrorResponse, type ErrorResponse } from './error-mapping';
export { REQUEST_ID_HEADER, resolveRequestId } from './request-id';
export { mountRoute, reply, HANDLED, type MountOptions, type Reply, type RouteHandler, type RouteInput } from './mount-route';
export { actorOf, roleOf, sessionCookieOf } from './identity';
export {
  BODY_DIGEST_HEADER,
  bodyDigest,
  identitySignatureHeaders,
  requireSignedIdentity,
  SIGNATURE_MAX_AGE_MS,
  UNSIGNED_BODY,
  type SignedIdentity,
} from './identity-signature';
export { createMemoryNonceLedger, createSharedNonceLedger, type NonceLedger } from './nonce-ledger';
export { announcesBody, rawBodyOf } from './raw-body';
export { MAX_JSON_DEPTH } from './json-depth';
