import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { AuditRepository, WebSessionRepository } from '@huntforge/data';
import { httpErrors } from '@huntforge/platform';

export interface RevokeWebSessionDeps {
  sessions: Pick<WebSessionRepository, 'revoke'>;
  audit: Pick<AuditRepository, 'record'>;
  now: () => Date;
}

export interface RevokeWebSessionCommand {
  sessionId: string;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** DELETE /api/auth/sessions/{id}: ends a live browser session and audits it; 404 when none is live with the id. */
export async function revokeWebSession(deps: RevokeWebSessionDeps, command: RevokeWebSessionCommand): Promise<void> {
  const { sessionId, actor } = command;
  if (!(await deps.sessions.revoke(sessionId, deps.now()))) throw httpErrors.notFound(`No live browser session has id ${sessionId}`);
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.webSessionRevoked, actor, payload: { session_id: sessionId } });
}
