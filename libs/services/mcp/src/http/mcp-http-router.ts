import express, { Router, type RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mcpRoutes as routes } from '@huntforge/contracts/api';
import type { ApiTokenRepository } from '@huntforge/data';
import { HANDLED, mountRoute, reply } from '@huntforge/platform';
import type { McpWiring } from '../server/wire-mcp';
import { AuditingTransport } from '../server/auditing-transport';
import { createMcpServer } from '../server/create-mcp-server';
import { callerOf, requireCaller } from './caller-middleware';

/** A JSON-RPC request (or batch) carrying a progressToken: its caller wants notifications/progress. */
function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.some((message) => {
    const meta = (message as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined;
  });
}

/**
 * Streamable HTTP in stateless mode: each POST gets its own server and transport for the caller it
 * carries, so any replica can answer any request and a token's role applies to every call. Answers are
 * plain JSON, except a call with a progressToken, answered as an SSE stream that carries its progress; GET and DELETE, which only sessions use, answer 405.
 */
export function mcpHttpRouter(deps: { wiring: McpWiring; tokens: Pick<ApiTokenRepository, 'findActiveByHash'> }): Router {
  const router = Router();
  const viewer = requireCaller(deps.tokens, 'viewer');
  const jsonBody = express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] });
  const parseJsonRpc: RequestHandler = (req, res, next) =>
    jsonBody(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
      res.status(tooLarge ? 413 : 400).json({
        jsonrpc: '2.0',
        error: { code: tooLarge ? -32600 : -32700, message: tooLarge ? 'Request too large' : 'Parse error' },
        id: null,
      });
    });
  mountRoute(
    router,
    routes.postMcp,
    async ({ req, res }) => {
      const caller = callerOf(req);
      // Plain JSON drops a call's notifications, so a call that asks for progress is answered as an SSE stream.
      const inner = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !asksForProgress(req.body) });
      const transport = new AuditingTransport(inner, deps.wiring.recorder, caller, 'http');
      const server = createMcpServer(deps.wiring.ports, caller, transport);
      res.on('close', () => {
        void server.close();
      });
      await server.connect(transport);
      await inner.handleRequest(req, res, req.body);
      return HANDLED;
    },
    { before: [viewer, parseJsonRpc], rawBody: true },
  );
  const sessionless = async () =>
    reply(
      405,
      {
        jsonrpc: '2.0' as const,
        error: { code: -32000, message: 'Method not allowed: this server is stateless; send JSON-RPC requests with POST' },
        id: null,
      },
      { Allow: 'POST' },
    );
  mountRoute(router, routes.getMcp, sessionless, { before: [viewer] });
  mountRoute(router, routes.deleteMcp, sessionless, { before: [viewer] });
  return router;
}
