import { z } from 'zod';
import {
  authSessionResponseSchema,
  signInRequestSchema,
  webSessionIdParamsSchema,
  webSessionListResponseSchema,
} from '../http/auth-session';
import { healthResponseSchema, workerHealthResponseSchema } from '../http/health';
import {
  jobRunSchema,
  scheduledJobIdParamsSchema,
  scheduledJobsResponseSchema,
  updateScheduledJobsRequestSchema,
} from '../http/scheduled-jobs';
import { apiTokenListResponseSchema, createApiTokenRequestSchema, createApiTokenResponseSchema } from '../http/tokens';
import { defineRoute, errorResponse, jsonContent } from './define-route';

const healthRoute = (path: string, summary: string, operationId?: string) =>
  defineRoute('gateway', {
    method: 'get',
    path,
    ...(operationId ? { operationId } : {}),
    summary,
    tags: ['Health'],
    responses: {
      200: jsonContent(healthResponseSchema, 'Every component is up'),
      503: jsonContent(healthResponseSchema, 'At least one component is down'),
    },
  });

export const gatewayRoutes = {
  getHealth: healthRoute('/health', 'Web tier reachable and database connected (503 otherwise)'),
  // Derived, it would be getHealth like `/health`.
  getApiHealth: healthRoute('/api/health', 'Overall health: database, bus and the gateway', 'getApiHealth'),
  getHealthDatabase: healthRoute('/api/health/database', 'Database reachability and latency'),
  getHealthServices: healthRoute('/api/health/services', 'Readiness of every service behind the gateway'),
  getHealthCelery: defineRoute('gateway', {
    method: 'get',
    path: '/api/health/celery',
    summary: 'Background worker health: consumers and depth of the workflow execution queue, dead letters',
    tags: ['Health'],
    responses: {
      200: jsonContent(workerHealthResponseSchema, 'Workers are consuming'),
      503: jsonContent(workerHealthResponseSchema, 'No worker consumes the queue, or the bus is down'),
    },
  }),
  getScheduledJobs: defineRoute('gateway', {
    method: 'get',
    path: '/api/scheduled-jobs',
    summary: 'Enabled flag and cron of every scheduled job (fixed jobs marked not editable)',
    tags: ['Scheduled jobs'],
    responses: { 200: jsonContent(scheduledJobsResponseSchema, 'Jobs keyed by id') },
  }),
  putScheduledJobs: defineRoute('gateway', {
    method: 'put',
    path: '/api/scheduled-jobs',
    summary: 'Change configurable jobs; persists the change and the audit event scheduled_jobs.updated together',
    tags: ['Scheduled jobs'],
    request: { body: { required: true, content: { 'application/json': { schema: updateScheduledJobsRequestSchema } } } },
    responses: {
      200: jsonContent(scheduledJobsResponseSchema, 'The jobs after the change'),
      400: errorResponse(['validation_error', 'invalid_json', 'unknown_job', 'job_not_editable', 'invalid_cron']),
    },
  }),
  postScheduledJobRun: defineRoute('gateway', {
    method: 'post',
    path: '/api/scheduled-jobs/{job_id}/run',
    summary: 'Run a scheduled job now (even when disabled) and return its run record once it finishes',
    tags: ['Scheduled jobs'],
    request: { params: scheduledJobIdParamsSchema },
    responses: {
      200: jsonContent(jobRunSchema, 'The finished run: succeeded, failed, or skipped because it is already running'),
      404: errorResponse(['unknown_job']),
      504: errorResponse(
        ['job_run_timeout'],
        'No answer in time: no service runs the job, or it is still running (its run appears in the history)',
      ),
    },
  }),
  getTokens: defineRoute('gateway', {
    method: 'get',
    path: '/api/tokens',
    summary: 'List API tokens (never the tokens or their hashes)',
    tags: ['API tokens'],
    responses: { 200: jsonContent(apiTokenListResponseSchema, 'All tokens, revoked ones included') },
  }),
  postTokens: defineRoute('gateway', {
    method: 'post',
    path: '/api/tokens',
    summary: 'Create an API token; the token is shown only in this response',
    tags: ['API tokens'],
    request: { body: { required: true, content: { 'application/json': { schema: createApiTokenRequestSchema } } } },
    responses: {
      201: jsonContent(createApiTokenResponseSchema, 'Created'),
      400: errorResponse(['validation_error', 'invalid_json']),
      409: errorResponse(['token_name_taken'], 'An active token already has this name'),
    },
  }),
  deleteToken: defineRoute('gateway', {
    method: 'delete',
    path: '/api/tokens/{id}',
    summary: 'Revoke an API token',
    tags: ['API tokens'],
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: {
      204: { description: 'Revoked' },
      404: errorResponse(['not_found'], 'No active token has this id'),
    },
  }),
  getAuthSession: defineRoute('gateway', {
    method: 'get',
    path: '/api/auth/session',
    summary: 'The caller as the gateway sees it: authentication mode, actor and role (the web pages read it to choose what to show)',
    tags: ['API tokens'],
    responses: {
      200: jsonContent(authSessionResponseSchema, 'The caller'),
      401: errorResponse(['unauthenticated'], 'No valid credential (authentication required)'),
    },
  }),
  postAuthSession: defineRoute('gateway', {
    method: 'post',
    path: '/api/auth/session',
    summary:
      'Sign in a browser: exchanges an API token for an HttpOnly, SameSite=Strict session cookie (Secure over HTTPS) that expires after SESSION_TTL_HOURS. Writes made with the cookie must send the header X-Huntforge-CSRF: 1.',
    tags: ['Sign-in'],
    request: { body: { required: true, content: { 'application/json': { schema: signInRequestSchema } } } },
    responses: {
      201: jsonContent(authSessionResponseSchema, 'Signed in; the Set-Cookie header carries the session'),
      400: errorResponse(['validation_error', 'invalid_json']),
      401: errorResponse(['unauthenticated'], 'The token is unknown or revoked'),
      409: errorResponse(['authentication_off'], 'AUTH_MODE=off: there is nothing to sign in to'),
      429: errorResponse(
        ['rate_limited'],
        'Ten failed sign-ins from this address in 15 minutes (refused, whatever the token), or more than RATE_LIMIT_SIGN_IN_PER_MINUTE attempts this minute: retry after Retry-After seconds',
      ),
    },
  }),
  deleteAuthSession: defineRoute('gateway', {
    method: 'delete',
    path: '/api/auth/session',
    summary: "Sign out: revokes the cookie's session (if it is still live) and clears the cookie",
    tags: ['Sign-in'],
    responses: { 204: { description: 'Signed out' } },
  }),
  getAuthSessions: defineRoute('gateway', {
    method: 'get',
    path: '/api/auth/sessions',
    summary: 'Live browser sessions (never their cookies), newest first',
    tags: ['Sign-in'],
    responses: {
      200: jsonContent(webSessionListResponseSchema, 'Sessions not expired, not revoked, and made with a token that is not revoked'),
    },
  }),
  deleteAuthSessionById: defineRoute('gateway', {
    method: 'delete',
    path: '/api/auth/sessions/{session_id}',
    summary: 'Revoke a browser session: its next request answers 401',
    tags: ['Sign-in'],
    request: { params: webSessionIdParamsSchema },
    responses: {
      204: { description: 'Revoked' },
      400: errorResponse(['validation_error']),
      404: errorResponse(['not_found'], 'No live session has this id'),
    },
  }),
} as const;
