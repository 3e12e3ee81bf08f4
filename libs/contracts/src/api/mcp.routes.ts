import { z } from 'zod';
import { auditListResponseSchema, auditQuerySchema } from '../mcp/audit';
import {
  confirmationIdParamsSchema,
  decideConfirmationRequestSchema,
  listConfirmationsQuerySchema,
  listConfirmationsResponseSchema,
  mcpConfirmationSchema,
} from '../mcp/confirmations';
import { MCP_ERROR_CODES } from '../mcp/errors';
import { defineRoute, errorResponse, jsonContent } from './define-route';

const jsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]).optional(),
    method: z.string().optional(),
    params: z.unknown().optional(),
    result: z.unknown().optional(),
    error: z.unknown().optional(),
  })
  .meta({ id: 'JsonRpcMessage', description: 'A Model Context Protocol JSON-RPC 2.0 message (or a batch of them)' });

const decision = (verb: 'confirm' | 'reject', summary: string) => ({
  method: 'post' as const,
  path: `/api/mcp/confirmations/{id}/${verb}`,
  summary,
  tags: ['MCP'],
  request: {
    params: confirmationIdParamsSchema,
    body: { required: false, content: { 'application/json': { schema: decideConfirmationRequestSchema } } },
  },
  responses: {
    200: jsonContent(
      mcpConfirmationSchema,
      verb === 'confirm'
        ? 'Decided; status confirmed (the action ran) or failed (the owning service refused; result holds its answer)'
        : 'Rejected; the action never runs',
    ),
    400: errorResponse(['validation_error', 'invalid_json']),
    404: errorResponse([MCP_ERROR_CODES.confirmationNotFound]),
    409: errorResponse([MCP_ERROR_CODES.confirmationNotPending], 'Already confirmed, rejected or failed'),
    410: errorResponse([MCP_ERROR_CODES.confirmationExpired], 'Expired before anyone decided it'),
  },
});

const sessionsUnsupported = (method: 'get' | 'delete') => ({
  method,
  path: '/mcp',
  summary: 'Not supported: the server keeps no sessions (405)',
  tags: ['MCP'],
  responses: { 405: jsonContent(jsonRpcMessageSchema, 'Use POST') },
});

/** The mcp service's public routes (transport and confirmations) and the gateway's audit route in the OpenAPI document. */
export const mcpRoutes = {
  postMcp: defineRoute('mcp', {
    method: 'post',
    path: '/mcp',
    summary: 'Model Context Protocol over Streamable HTTP (stateless; JSON answers). Tools listed depend on the token role',
    description:
      'Read tools for any token; low-risk writes (run at once, audited) and high-risk write requests (pending ' +
      'human confirmation) for analyst and admin tokens. Every tool call is audited.',
    tags: ['MCP'],
    request: { body: { required: true, content: { 'application/json': { schema: jsonRpcMessageSchema } } } },
    responses: {
      200: jsonContent(jsonRpcMessageSchema, 'The JSON-RPC answer'),
      202: { description: 'A notification or response was accepted' },
      400: jsonContent(jsonRpcMessageSchema, 'Not a JSON-RPC message'),
      406: jsonContent(jsonRpcMessageSchema, 'The Accept header must list application/json and text/event-stream'),
    },
  }),
  getMcp: defineRoute('mcp', sessionsUnsupported('get')),
  deleteMcp: defineRoute('mcp', sessionsUnsupported('delete')),
  getMcpConfirmations: defineRoute('mcp', {
    method: 'get',
    path: '/api/mcp/confirmations',
    summary: 'High-risk MCP tool calls waiting for (or decided by) a person, newest first; expired ones are marked so',
    tags: ['MCP'],
    request: { query: listConfirmationsQuerySchema },
    responses: {
      200: jsonContent(listConfirmationsResponseSchema, 'One page; next_cursor fetches the next'),
      400: errorResponse(['validation_error', MCP_ERROR_CODES.invalidCursor]),
    },
  }),
  getMcpConfirmation: defineRoute('mcp', {
    method: 'get',
    path: '/api/mcp/confirmations/{id}',
    summary: 'One confirmation request',
    tags: ['MCP'],
    request: { params: confirmationIdParamsSchema },
    responses: {
      200: jsonContent(mcpConfirmationSchema, 'The request'),
      400: errorResponse(['validation_error']),
      404: errorResponse([MCP_ERROR_CODES.confirmationNotFound]),
    },
  }),
  postMcpConfirmationsConfirm: defineRoute(
    'mcp',
    decision('confirm', 'Confirm a pending request: runs the stored action as the confirming person and records its result'),
  ),
  postMcpConfirmationsReject: defineRoute('mcp', decision('reject', 'Reject a pending request; the action never runs')),
  getAudit: defineRoute('gateway', {
    method: 'get',
    path: '/api/audit',
    summary:
      'The audit trail (MCP tool calls with redacted arguments, caller, outcome and duration; confirmation decisions; scheduled-job changes)',
    tags: ['Audit'],
    request: { query: auditQuerySchema },
    responses: {
      200: jsonContent(auditListResponseSchema, 'Newest first; next_cursor fetches older events'),
      400: errorResponse(['validation_error', MCP_ERROR_CODES.invalidCursor, 'invalid_time_range']),
    },
  }),
} as const;
