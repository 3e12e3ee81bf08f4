import { Router } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ApiTokenRepository } from '@huntforge/data';
import type { McpWiring } from '../server/tool-deps';
import { AuditingTransport } from '../server/auditing-transport';
import { createMcpServer } from '../server/create-mcp-server';
import { callerOf, requireCaller } from './caller-middleware';

export const MCP_PATH = '/mcp';

/**
 * Streamable HTTP in stateless mode: each POST gets its own server and transport for the caller it
 * carries, so any replica can answer any request and a token's role applies to every call. Answers are
 * plain JSON (no SSE stream); GET and DELETE, which only sessions use, answer 405.
 */
export function mcpHttpRouter(deps: { wiring: McpWiring; tokens: ApiTokenRepository }): Router {
  const router = Router();
  router.post(MCP_PATH, requireCaller(deps.tokens, 'viewer'), async (req, res) => {
    const caller = callerOf(req);
    const inner = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const transport = new AuditingTransport(inner, deps.wiring.recorder, caller, 'http');
    const server = createMcpServer(deps.wiring.deps, caller, transport);
    res.on('close', () => {
      void server.close();
    });
    await server.connect(transport);
    await inner.handleRequest(req, res, req.body);
  });
  const sessionless = (_req: unknown, res: { status(code: number): { set(name: string, value: string): { json(body: unknown): void } } }) =>
    res.status(405).set('Allow', 'POST').json({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server is stateless; send JSON-RPC requests with POST' },
      id: null,
    });
  router.get(MCP_PATH, requireCaller(deps.tokens, 'viewer'), sessionless);
  router.delete(MCP_PATH, requireCaller(deps.tokens, 'viewer'), sessionless);
  return router;
}
