import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Caller } from '../caller/caller';
import { AuditingTransport } from '../server/auditing-transport';
import { createMcpServer } from '../server/create-mcp-server';
import { wireMcp, type McpWiringOptions } from '../server/wire-mcp';

export interface StdioServerOptions extends McpWiringOptions {
  caller: Caller;
  input?: Readable;
  output?: Writable;
}

export interface StdioServerHandle {
  /** Resolves when the client closes the connection (stdin ends). */
  closed: Promise<void>;
  close(): Promise<void>;
  /** False when the immediate writes are left out for want of a service to run them on. */
  writesOffered: boolean;
}

/** The tool server over stdio for one local caller, reading the database itself (PostgreSQL or an unlocked PGlite). */
export async function startStdioServer(options: StdioServerOptions): Promise<StdioServerHandle> {
  const wiring = wireMcp(options);
  const inner = new StdioServerTransport(options.input, options.output);
  const transport = new AuditingTransport(inner, wiring.recorder, options.caller, 'stdio');
  const server = createMcpServer(wiring.ports, options.caller, transport);
  const input = options.input ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  // The client closing stdin ends the session, but only after the requests it already sent are answered
  // (a client may write everything and close stdin before the database is even open).
  input.once('end', () => {
    void transport.whenIdle().then(() => server.close());
  });
  await server.connect(transport);
  return { closed, close: () => server.close(), writesOffered: wiring.ports.services.canWrite(options.caller) };
}
