import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { healthResponseSchema, workerHealthResponseSchema } from '../http/health';
import { scheduledJobsResponseSchema, updateScheduledJobsRequestSchema } from '../http/scheduled-jobs';
import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
} from '../http/tokens';
import { registerSettingsRoutes } from '../settings/settings.routes';
import { errorResponse, jsonContent, registerRoute } from './route-helpers';

const healthRoutes: Array<{ path: string; summary: string }> = [
  { path: '/health', summary: 'Web tier reachable and database connected (503 otherwise)' },
  { path: '/api/health', summary: 'Overall health: database, bus and the gateway' },
  { path: '/api/health/database', summary: 'Database reachability and latency' },
  { path: '/api/health/services', summary: 'Readiness of every service behind the gateway' },
];

export function registerGatewayRoutes(registry: OpenAPIRegistry): void {
  for (const { path, summary } of healthRoutes) {
    registerRoute(registry, {
      method: 'get',
      path,
      summary,
      tags: ['Health'],
      responses: {
        200: jsonContent(healthResponseSchema, 'Every component is up'),
        503: jsonContent(healthResponseSchema, 'At least one component is down'),
      },
    });
  }
  registerRoute(registry, {
    method: 'get',
    path: '/api/health/celery',
    summary: 'Background worker health: consumers and depth of the workflow execution queue, dead letters',
    tags: ['Health'],
    responses: {
      200: jsonContent(workerHealthResponseSchema, 'Workers are consuming'),
      503: jsonContent(workerHealthResponseSchema, 'No worker consumes the queue, or the bus is down'),
    },
  });

  registerRoute(registry, {
    method: 'get',
    path: '/api/scheduled-jobs',
    summary: 'Enabled flag and cron of every scheduled job (fixed jobs marked not editable)',
    tags: ['Scheduled jobs'],
    responses: { 200: jsonContent(scheduledJobsResponseSchema, 'Jobs keyed by id') },
  });
  registerRoute(registry, {
    method: 'put',
    path: '/api/scheduled-jobs',
    summary: 'Change configurable jobs; persists the change and the audit event scheduled_jobs.updated together',
    tags: ['Scheduled jobs'],
    request: { body: { required: true, content: { 'application/json': { schema: updateScheduledJobsRequestSchema } } } },
    responses: {
      200: jsonContent(scheduledJobsResponseSchema, 'The jobs after the change'),
      400: errorResponse(['validation_error', 'invalid_json', 'unknown_job', 'job_not_editable', 'invalid_cron']),
    },
  });

  registerRoute(registry, {
    method: 'get',
    path: '/api/tokens',
    summary: 'List API tokens (never the tokens or their hashes)',
    tags: ['API tokens'],
    responses: { 200: jsonContent(apiTokenListResponseSchema, 'All tokens, revoked ones included') },
  });
  registerRoute(registry, {
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
  });
  registerRoute(registry, {
    method: 'delete',
    path: '/api/tokens/{id}',
    summary: 'Revoke an API token',
    tags: ['API tokens'],
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: {
      204: { description: 'Revoked' },
      404: errorResponse(['not_found'], 'No active token has this id'),
    },
  });

  registerSettingsRoutes(registry);
}
