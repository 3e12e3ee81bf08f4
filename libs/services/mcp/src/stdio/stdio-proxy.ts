import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface StdioProxyOptions {
  /** Base URL of a running Huntforge (gateway or mcp app), e.g. http://127.0.0.1:8080. */
  url: string;
  token: string;
  input?: Readable;
  output?: Writable;
}

/**
 * stdio ↔ Streamable HTTP: relays every JSON-RPC message to a running server's /mcp with the token, so a
 * stdio client can use an all-in-one server whose embedded database another process cannot open. The
 * server authenticates, scopes and audits as for any HTTP caller.
 */
export async function startStdioProxy(options: StdioProxyOptions): Promise<{ closed: Promise<void> }> {
  const remote = new StreamableHTTPClientTransport(new URL('/mcp', options.url), {
    requestInit: { headers: { Authorization: `Bearer ${options.token}` } },
  });
  const local = new StdioServerTransport(options.input, options.output);

  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch(async (error: unknown) => {
      // The client waits for an answer to every request: give it the failure instead of silence.
      if ('id' in message && 'method' in message) {
        const reason = error instanceof Error ? error.message : String(error);
        await local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: `Huntforge at ${options.url} refused or did not answer: ${reason}` },
        });
      }
    });
  };
  remote.onmessage = (message) => {
    void local.send(message);
  };
  const closed = new Promise<void>((resolve) => {
    (options.input ?? process.stdin).once('end', () => {
      void remote.close().finally(resolve);
    });
  });
  await remote.start();
  await local.start();
  return { closed };
}
