import { MCP_ERROR_CODES } from '@huntforge/contracts/mcp';
import { ToolError } from '../errors/tool-error';

/** Cursors are opaque to callers: base64url JSON of where the next page starts. */
export function encodeCursor(position: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new ToolError(MCP_ERROR_CODES.invalidCursor, 'The cursor is not one this server issued');
}

/** Offset paging: the offset a cursor points at (0 without one). */
export function offsetFrom(cursor: string | undefined, key = 'o'): number {
  if (cursor === undefined) return 0;
  const offset = decodeCursor(cursor)[key];
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw new ToolError(MCP_ERROR_CODES.invalidCursor, 'The cursor is not one this server issued');
  }
  return offset;
}

/** A page from `limit + 1` fetched rows: the extra row only says that more exist. */
export function pageOf<T>(rows: T[], limit: number, offset: number): { items: T[]; next_cursor: string | null; truncated: boolean } {
  const more = rows.length > limit;
  return { items: rows.slice(0, limit), next_cursor: more ? encodeCursor({ o: offset + limit }) : null, truncated: more };
}
