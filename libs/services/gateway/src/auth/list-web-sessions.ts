import type { WebSession, WebSessionListResponse } from '@huntforge/contracts/http';
import type { WebSessionRecord, WebSessionRepository } from '@huntforge/data';

export interface ListWebSessionsDeps {
  sessions: Pick<WebSessionRepository, 'listLive'>;
  now: () => Date;
}

export interface ListWebSessionsCommand {
  /** The caller's own session, marked `current`; null when the caller used a token. */
  currentSessionId: string | null;
}

function toWebSession(session: WebSessionRecord, currentId: string | null): WebSession {
  return {
    id: session.id,
    token_name: session.token.name,
    role: session.token.role,
    user_agent: session.userAgent,
    created_at: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    last_seen_at: session.lastSeenAt?.toISOString() ?? null,
    current: session.id === currentId,
  };
}

/** GET /api/auth/sessions: the live browser sessions (admins), never a cookie value. */
export async function listWebSessions(deps: ListWebSessionsDeps, command: ListWebSessionsCommand): Promise<WebSessionListResponse> {
  const sessions = await deps.sessions.listLive(deps.now());
  return { sessions: sessions.map((session) => toWebSession(session, command.currentSessionId)) };
}
