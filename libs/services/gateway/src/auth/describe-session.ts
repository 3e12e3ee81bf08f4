import type { Role } from '@huntforge/contracts';
import type { AuthSessionResponse } from '@huntforge/contracts/http';
import type { Credential } from './principal';

export interface DescribeSessionDeps {
  authMode: AuthSessionResponse['auth_mode'];
}

/** Who the authentication middleware found the caller to be. */
export interface DescribeSessionCommand {
  actor: string | null;
  role: Role | null;
  credential: Credential | null;
}

/** GET /api/auth/session: who the caller is, how it proved it, and until when a browser session lasts. */
export function describeSession(deps: DescribeSessionDeps, command: DescribeSessionCommand): AuthSessionResponse {
  const { actor, role, credential } = command;
  return {
    auth_mode: deps.authMode,
    actor: actor ?? 'unknown',
    role: role ?? 'viewer',
    via: credential?.via ?? 'local',
    expires_at: credential?.via === 'session' ? credential.expiresAt.toISOString() : null,
  };
}
