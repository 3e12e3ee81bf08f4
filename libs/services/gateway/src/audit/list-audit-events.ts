import type { AuditEventView, AuditQuery } from '@huntforge/contracts/mcp';
import type { AuditRecord, AuditRepository } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';

function toView(row: AuditRecord): AuditEventView {
  return {
    id: row.id,
    type: row.type,
    actor: row.actor,
    tool: row.tool,
    outcome: row.outcome,
    duration_ms: row.durationMs,
    payload: row.payload,
    created_at: row.createdAt.toISOString(),
  };
}

function beforeIdOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  try {
    const { i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { i?: unknown };
    if (typeof i === 'number' && Number.isInteger(i) && i > 0) return i;
  } catch {
    // falls through to the error below
  }
  throw new HttpError(400, 'invalid_cursor', 'The cursor is not one this server issued');
}

export interface ListAuditEventsDeps {
  audit: Pick<AuditRepository, 'list'>;
}

/** GET /api/audit: filtered by type, tool, caller, outcome and time; keyset pages, newest first. */
export async function listAuditEvents(deps: ListAuditEventsDeps, query: AuditQuery) {
  const since = query.since ? new Date(query.since) : undefined;
  const until = query.until ? new Date(query.until) : undefined;
  if (since && until && since >= until) throw new HttpError(400, 'invalid_time_range', 'since must be before until');
  const rows = await deps.audit.list({
    type: query.type,
    tool: query.tool,
    actor: query.caller,
    outcome: query.outcome,
    since,
    until,
    beforeId: beforeIdOf(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    events: page.map(toView),
    next_cursor: rows.length > query.limit && last ? Buffer.from(JSON.stringify({ i: last.id }), 'utf8').toString('base64url') : null,
  };
}
