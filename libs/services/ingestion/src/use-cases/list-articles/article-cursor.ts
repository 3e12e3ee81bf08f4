import { createHash } from 'node:crypto';
import { z } from 'zod';
import { INGESTION_ERROR_CODES } from '@huntforge/contracts/ingestion';
import { HttpError } from '@huntforge/platform';
import type { ListPosition } from '../../repositories/article-queries';

/** Where the next page starts, and which page number it is. */
export interface CursorPosition extends ListPosition {
  page: number;
}

const cursorSchema = z.object({
  /** The list it belongs to: a digest of its filters, sort and limit. */
  q: z.string(),
  k: z.string().nullable(),
  i: z.number().int().positive(),
  p: z.number().int().min(2),
});

/**
 * The digest of a list query without its page and cursor: a cursor is a position along one list, so it is
 * refused with other filters, another sort or another page size, where it would skip or repeat rows.
 */
export function listScope(query: Record<string, unknown>): string {
  const { page: _page, cursor: _cursor, ...rest } = query;
  const canonical = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url').slice(0, 16);
}

export function encodeCursor(position: CursorPosition, scope: string): string {
  return Buffer.from(JSON.stringify({ q: scope, k: position.key, i: position.id, p: position.page })).toString('base64url');
}

/** The position a cursor names, or a 400 invalid_cursor saying why it cannot be used. */
export function decodeCursor(cursor: string, scope: string): CursorPosition {
  let decoded: z.infer<typeof cursorSchema>;
  try {
    decoded = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(
      400,
      INGESTION_ERROR_CODES.invalidCursor,
      'cursor is not one this list issued: pass next_cursor from a previous page unchanged',
    );
  }
  if (decoded.q !== scope) {
    throw new HttpError(
      400,
      INGESTION_ERROR_CODES.invalidCursor,
      'cursor belongs to a list with other filters, sort or limit: start again from the first page',
    );
  }
  return { key: decoded.k, id: decoded.i, page: decoded.p };
}
