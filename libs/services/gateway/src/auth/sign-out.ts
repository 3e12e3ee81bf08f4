import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { AuditRepository, WebSessionRepository } from '@huntforge/data';
import { findLiveSession } from './web-sessions';

export interface SignOutDeps {
  sessions: Pick<WebSessionRepository, 'findLiveByHash' | 'revoke'>;
  audit: Pick<AuditRepository, 'record'>;
  now: () => Date;
}

export interface SignOutCommand {
  /** The session cookie the browser sent, if any. */
  cookieValue: string | undefined;
}

/** DELETE /api/auth/session: ends the session the cookie names if it is still live (audited); signing out twice is not an error. */
export async function signOut(deps: SignOutDeps, command: SignOutCommand): Promise<void> {
  if (!command.cookieValue) return;
  const at = deps.now();
  const session = await findLiveSession(deps.sessions, command.cookieValue, at);
  if (!session) return;
  await deps.sessions.revoke(session.id, at);
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.signedOut, actor: `token:${session.token.name}`, payload: { session_id: session.id } });
}
