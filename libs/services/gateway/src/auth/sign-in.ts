import { randomBytes } from 'node:crypto';
import type { AuthSessionResponse } from '@huntforge/contracts/http';
import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';
import type { ApiTokenRepository, AuditRepository, WebSessionRepository } from '@huntforge/data';
import { HttpError } from '@huntforge/platform';
import { API_TOKEN_PATTERN, hashApiToken } from './api-tokens';
import type { SignInThrottle } from './sign-in-throttle';
import { hashSessionValue, SESSION_PREFIX } from './web-sessions';

export interface SignInDeps {
  authMode: AuthSessionResponse['auth_mode'];
  throttle: Pick<SignInThrottle, 'retryAfterSeconds' | 'failed' | 'succeeded'>;
  tokens: Pick<ApiTokenRepository, 'findActiveByHash'>;
  sessions: Pick<WebSessionRepository, 'pruneEnded' | 'create'>;
  audit: Pick<AuditRepository, 'record'>;
  /** How long a browser session lives (SESSION_TTL). */
  ttlMs: number;
  now: () => Date;
}

export interface SignInCommand {
  /** The API token the browser exchanges for a session. */
  token: string;
  userAgent: string | undefined;
  /** The client address failed sign-ins count against (the rate limits' client key). */
  clientAddress: string;
}

export type SignInResult =
  /** The address is past its failed sign-ins: nothing was checked. */
  | { signedIn: false; retryAfterSeconds: number }
  /** `cookie.value` exists in clear text only here and in the Set-Cookie header. */
  | { signedIn: true; cookie: { value: string; expiresAt: Date }; session: AuthSessionResponse };

const USER_AGENT_MAX = 200;
const ENDED_SESSION_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * POST /api/auth/session: exchanges an API token for a new browser session of the same token (and so the same
 * role), audited. An unknown token counts against the client's address; past the throttle's limit the address
 * is refused whatever it sends, so tokens cannot be guessed through the sign-in page.
 */
export async function signIn(deps: SignInDeps, command: SignInCommand): Promise<SignInResult> {
  if (deps.authMode === 'off') {
    throw new HttpError(
      409,
      'authentication_off',
      'Authentication is off (AUTH_MODE=off): every caller on this machine is the local admin, there is nothing to sign in to',
    );
  }
  const wait = await deps.throttle.retryAfterSeconds(command.clientAddress);
  if (wait !== null) return { signedIn: false, retryAfterSeconds: wait };

  const token = API_TOKEN_PATTERN.test(command.token) ? await deps.tokens.findActiveByHash(hashApiToken(command.token)) : null;
  if (!token) {
    await deps.throttle.failed(command.clientAddress);
    throw new HttpError(401, 'unauthenticated', 'The token is unknown or revoked');
  }
  const value = SESSION_PREFIX + randomBytes(32).toString('base64url');
  // Ended sessions are kept a week (the audit log keeps the sign-ins for good), then dropped here, so the
  // table holds what is live or recent however long the service runs.
  await deps.sessions.pruneEnded(new Date(deps.now().getTime() - ENDED_SESSION_RETENTION_MS));
  const session = await deps.sessions.create({
    sessionHash: hashSessionValue(value),
    apiTokenId: token.id,
    userAgent: command.userAgent ? command.userAgent.slice(0, USER_AGENT_MAX) : null,
    expiresAt: new Date(deps.now().getTime() + deps.ttlMs),
  });
  await deps.audit.record({ type: AUDIT_EVENT_TYPES.signedIn, actor: `token:${token.name}`, payload: { session_id: session.id } });
  await deps.throttle.succeeded(command.clientAddress);
  return {
    signedIn: true,
    cookie: { value, expiresAt: session.expiresAt },
    session: {
      auth_mode: deps.authMode,
      actor: `token:${session.token.name}`,
      role: session.token.role,
      via: 'session',
      expires_at: session.expiresAt.toISOString(),
    },
  };
}
