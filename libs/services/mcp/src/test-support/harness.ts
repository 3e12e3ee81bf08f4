import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Role } from '@huntforge/contracts';
import { startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { hashToken } from '../caller/caller';
import { createMcpModule, type McpModuleOptions } from '../module';

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function listen(app: express.Express): Promise<Listening> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export interface McpHarness {
  /** Where the module is served (`http://127.0.0.1:port`). */
  url: string;
  ctx: TestContext;
  app: express.Express;
  /** A fresh API token with `role`; returns the clear-text token. */
  token(role: Role, name?: string): Promise<string>;
  /** The official SDK client over Streamable HTTP with `token`. */
  client(token: string): Promise<Client>;
  dispose(): Promise<void>;
}

let tokenCounter = 0;

/** The mcp module alone on an in-memory PGlite, served over HTTP the way the distributed app serves it. */
export async function startMcpHarness(
  options: {
    env?: Record<string, string>;
    module?: McpModuleOptions;
    /** The database shape: in-memory PGlite (default) or a scratch PostgreSQL database (infra tests). */
    db?: 'pglite' | 'postgres';
    /** Routes mounted beside the module's, e.g. an owning service's route in the all-in-one shape. */
    extraRoutes?: (app: express.Express) => void;
  } = {},
): Promise<McpHarness> {
  const service = await startServiceForTest('mcp', (ctx) => createMcpModule(ctx, { env: options.env ?? {}, ...options.module }), {
    context: { db: options.db, env: { AUTH_MODE: 'required', ...options.env } },
    before: options.extraRoutes,
    listen: true,
  });
  const { ctx, app } = service;
  const url = service.url ?? '';
  const clients: Client[] = [];
  return {
    url,
    ctx,
    app,
    async token(role, name = `mcp-${role}-${++tokenCounter}`) {
      const token = `hf_${randomBytes(24).toString('base64url')}`;
      await ctx.db.repos.apiTokens.create({ name, role, tokenHash: hashToken(token), prefix: token.slice(0, 7) });
      return token;
    },
    async client(token) {
      const client = new Client({ name: 'huntforge-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    async dispose() {
      await Promise.all(clients.map((client) => client.close()));
      await service.close();
    },
  };
}

/** The structured answer of a successful call, or a failure naming the tool's error text. */
export function structured<T = Record<string, unknown>>(result: unknown): T {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`tool failed: ${JSON.stringify(call.content)}`);
  return call.structuredContent as T;
}

/** The `{code, message}` of a tool's error result. */
export function toolError(result: unknown): { code: string; message: string } {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`expected an error result, got ${JSON.stringify(call.structuredContent)}`);
  const text = call.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  try {
    return (JSON.parse(text) as { error: { code: string; message: string } }).error;
  } catch {
    return { code: 'protocol', message: text };
  }
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A local HTTP server playing an owning service's routes: records each request, answers as told. */
export async function startFakeService(
  answer: (req: RecordedRequest) => { status: number; body: unknown } = () => ({ status: 200, body: { ok: true } }),
): Promise<Listening & { requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const app = express();
  app.use(express.json());
  app.all('/{*rest}', (req, res) => {
    const recorded = { method: req.method, path: req.path, query: { ...req.query }, body: req.body ?? null, headers: req.headers };
    requests.push(recorded);
    const { status, body } = answer(recorded);
    res.status(status).json(body);
  });
  return { ...(await listen(app)), requests };
}
