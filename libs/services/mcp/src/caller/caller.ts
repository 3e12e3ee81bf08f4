import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ROLES, type Role } from '@huntforge/contracts';
import { ACTOR_HEADER, ROLE_HEADER } from '@huntforge/contracts/http';
import type { ApiTokenRepository } from '@huntforge/data';
import { sessionCookieOf } from '@huntforge/platform';

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;
const TOKEN_PATTERN = /^hf_[A-Za-z0-9_-]{20,200}$/;

/** Who is calling a tool or deciding a confirmation, and how a forwarded write can act as them. */
export interface Caller {
  /** `token:<name>`, `local` (auth off) or `stdio:<user>`; what the audit records. */
  actor: string;
  role: Role;
  tokenId: number | null;
  /** The caller's own bearer token, kept only to act as them through the all-in-one gateway; never logged. */
  bearer: string | null;
  /**
   * The caller's browser session (the cookie's value) when they signed in instead of sending a token: a
   * person confirming in the web app acts through the all-in-one gateway with it; never logged.
   */
  session: string | null;
  /** Base URL of the server the request came in on (all-in-one: the gateway itself). */
  selfUrl: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function bearerOf(req: Request): string | null {
  const header = req.headers.authorization;
  const match = header === undefined ? null : BEARER.exec(header);
  return match?.[1] ?? null;
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The server's own address as the request reached it (all-in-one: writes go back through the gateway). */
function selfUrlOf(req: Request): string | null {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return null;
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${host}:${localPort}`;
}

/**
 * The caller of an HTTP request: the identity the gateway vouched for (its actor and role headers), or,
 * when the mcp app is reached directly in the distributed shape, a valid API token of its own. Null means
 * neither: the request must be refused.
 */
export async function resolveHttpCaller(req: Request, tokens: Pick<ApiTokenRepository, 'findActiveByHash'>): Promise<Caller | null> {
  const bearer = bearerOf(req);
  const actor = req.headers[ACTOR_HEADER];
  const role = req.headers[ROLE_HEADER];
  if (typeof actor === 'string' && actor !== '' && isRole(role)) {
    return {
      actor,
      role,
      tokenId: null,
      bearer,
      session: bearer === null ? (sessionCookieOf(req) ?? null) : null,
      selfUrl: selfUrlOf(req),
    };
  }
  if (bearer === null || !TOKEN_PATTERN.test(bearer)) return null;
  const record = await tokens.findActiveByHash(hashToken(bearer));
  if (!record) return null;
  return { actor: `token:${record.name}`, role: record.role, tokenId: record.id, bearer, session: null, selfUrl: selfUrlOf(req) };
}
