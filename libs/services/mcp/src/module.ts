import { Router } from 'express';
import type { Embedder } from '@huntforge/llm';
import { routePrefixesOf } from '@huntforge/contracts';
import type { ModuleContext, ServiceModule } from '@huntforge/platform';
import { loadMcpConfig } from './config';
import { confirmationsRouter } from './http/confirmations-router';
import { mcpHttpRouter } from './http/mcp-http-router';
import { wireMcp } from './server/wire-mcp';

export interface McpModuleOptions {
  /** The mcp variables (MCP_CONFIRMATION_TTL_MINUTES, MCP_API_URL, EMBEDDING_PROVIDER/MODEL); process.env when omitted. */
  env?: Record<string, string | undefined>;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  embedder?: Embedder;
}

/**
 * The mcp service: the Model Context Protocol tool server over Streamable HTTP at /mcp, and the
 * confirmation requests of high-risk tool calls at /api/mcp/confirmations.
 */
export function createMcpModule(ctx: ModuleContext, options: McpModuleOptions = {}): ServiceModule {
  const mcpConfig = loadMcpConfig(options.env ?? process.env);
  const wiring = wireMcp({
    db: ctx.db,
    config: ctx.config,
    mcpConfig,
    logger: ctx.logger,
    settings: ctx.settings,
    fetchImpl: options.fetchImpl,
    now: options.now,
    embedder: options.embedder,
  });
  const tokens = ctx.db.repos.apiTokens;
  const router = Router();
  router.use(mcpHttpRouter({ wiring, tokens }));
  router.use(confirmationsRouter({ ports: wiring.ports, tokens }));

  return {
    name: 'mcp',
    http: { prefixes: routePrefixesOf('mcp'), router },
    // Sessions are per request (stateless HTTP), so there is nothing to subscribe, schedule or drain.
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}
