export { createApiClient, type ApiAnswer, type ApiClient, type ApiClientOptions, type CallInput, type OutgoingRequest } from './api-client';
export { ApiError, apiErrorOf } from './api-error';
