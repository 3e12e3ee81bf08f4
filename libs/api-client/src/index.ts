export { createApiClient, type ApiClient, type ApiClientOptions, type CallInput } from './api-client';
export { ApiError, apiErrorOf } from './api-error';
