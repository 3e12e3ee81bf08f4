import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenRepository, AuditRepository, WebSessionRecord, WebSessionRepository } from '@huntforge/data';
import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import { HttpError } from '@huntforge/platform';
import { API_TOKEN_PATTERN, hashApiToken } from './api-tokens';

const SESSION_PREFIX = 'hfs_';
/** `hfs_` + 32 random bytes in base64url: the session cookie's value. */
export const SESSION_VALUE_PATTERN = /^hfs_[A-Za-z0-9_-]{43}$/;
const USER_AGENT_MAX = 200;

/** Sessions are stored and looked up by this digest only, like API tokens. */
export function hashSessionValue(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface WebSessionDeps {
  tokens: Pick<ApiTokenRepository, 'findActiveByHash'>;
  sessions: WebSessionRepository;
  audit: Pick<AuditRepository, 'record'>;
  ttlMs: number;
  now: () => Date;
}

export interface SignedIn {
  /** The cookie value: exists in clear text only in this result and the Set-Cookie header. */
  value: string;
  session: WebSessionRecord;
}

const ENDED_SESSION_RETENTION_MS = 7 * 24 * 3_600_000;

/** Exchanges an API token for a new browser session of the same token (and so the same role). */
export async function signIn(deps: WebSessionDeps, input: { token: string; userAgent: string | undefined }): Promise<SignedIn> {
  const token = API_TOKEN_PATTERN.test(input.token) ? await deps.tokens.findActiveByHash(hashApiToken(input.token)) : null;
  if (!token) throw new HttpError(401, 'unauthenticated', 'The token is unknown or revoked');
  const value = SESSION_PREFIX + randomBytes(32).toString('base64url');
  // Ended sessions are kept a week (the audit log keeps the sign-ins for good), then dropped here, so the
  // table holds what is live or recent however long the service runs.
  await deps.sessions.pruneEnded(new Date(deps.now().getTime() - ENDED_SESSION_RETENTION_MS));
  const session = await deps.sessions.create({
    sessionHash: hashSessionValue(value),
    apiTokenId: token.id,
    userAgent: input.userAgent ? input.userAgent.slice(0, USER_AGENT_MAX) : null,
    expiresAt: new Date(deps.now().getTime() + deps.ttlMs),
  });
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.signedIn, actor: `token:${token.name}`, payload: { session_id: session.id } });
  return { value, session };
}

/** The live session a cookie value names, or null (malformed, unknown, expired, revoked, or its token revoked). */
export function findLiveSession(
  sessions: Pick<WebSessionRepository, 'findLiveByHash'>,
  value: string,
  now: Date,
): Promise<WebSessionRecord | null> {
  if (!SESSION_VALUE_PATTERN.test(value)) return Promise.resolve(null);
  return sessions.findLiveByHash(hashSessionValue(value), now);
}

/** Ends the session a cookie value names, if it is still live; signing out twice is not an error. */
export async function signOut(deps: WebSessionDeps, value: string | undefined): Promise<void> {
  if (!value) return;
  const at = deps.now();
  const session = await findLiveSession(deps.sessions, value, at);
  if (!session) return;
  await deps.sessions.revoke(session.id, at);
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.signedOut, actor: `token:${session.token.name}`, payload: { session_id: session.id } });
}
