import { MCP_ERROR_CODES, type ListConfirmationsQuery, type McpConfirmation } from '@huntforge/contracts/mcp';
import { ToolError } from '../errors/tool-error';
import { decodeCursor, encodeCursor } from '../pagination/cursor';
import type { McpPorts } from '../ports';
import { toConfirmationView } from './confirmation-view';

export interface ListConfirmationsDeps extends Pick<McpPorts, 'now'> {
  confirmations: Pick<McpPorts['confirmations'], 'expireDue' | 'list'>;
}

export interface ListConfirmationsCommand {
  query: ListConfirmationsQuery;
  /** Only the requests this actor filed (the my_requests tool); every request when absent. */
  requestedBy?: string;
}

/** Confirmation requests newest first, a page at a time (due ones expired first); a foreign cursor is a ToolError. */
export async function listConfirmations(
  deps: ListConfirmationsDeps,
  command: ListConfirmationsCommand,
): Promise<{ confirmations: McpConfirmation[]; next_cursor: string | null }> {
  const { query, requestedBy } = command;
  await deps.confirmations.expireDue(deps.now());
  const rows = await deps.confirmations.list({
    status: query.status,
    tool: query.tool,
    requestedBy,
    limit: query.limit + 1,
    after: query.cursor === undefined ? undefined : listPosition(query.cursor),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const more = rows.length > query.limit && last !== undefined;
  return {
    confirmations: page.map(toConfirmationView),
    next_cursor: more ? encodeCursor({ c: last.createdAt.toISOString(), i: last.id }) : null,
  };
}

function listPosition(cursor: string): { createdAt: Date; id: string } {
  const position = decodeCursor(cursor);
  const createdAt = typeof position['c'] === 'string' ? new Date(position['c']) : null;
  if (!createdAt || Number.isNaN(createdAt.getTime()) || typeof position['i'] !== 'string') {
    throw new ToolError(MCP_ERROR_CODES.invalidCursor, 'The cursor is not one this server issued');
  }
  return { createdAt, id: position['i'] };
}
