import { createHash, randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import type { ApiTokenRecord, ApiTokenRepository, AuditRepository } from '@huntforge/data';
import type { Role } from '@huntforge/contracts';
import { AUDIT_EVENT_TYPES } from '@huntforge/contracts/mcp';

const TOKEN_PREFIX = 'hf_';
const TOKEN_BYTES = 32;
/** Characters of the token kept as its visible prefix: `hf_` plus four random ones. */
const VISIBLE_PREFIX_LENGTH = TOKEN_PREFIX.length + 4;

/** `hf_` + 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^hf_[A-Za-z0-9_-]{43}$/;

/** Tokens are stored and looked up by this digest only; the token itself is never persisted. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface GeneratedApiToken {
  token: string;
  tokenHash: string;
  prefix: string;
}

export function generateApiToken(): GeneratedApiToken {
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, VISIBLE_PREFIX_LENGTH) };
}

/** Thrown when a token, revoked or not, already carries the name: names identify tokens in audit records and for revocation. */
export class TokenNameTakenError extends Error {
  constructor(readonly tokenName: string) {
    super(`An API token named ${tokenName} already exists (revoked tokens keep their names)`);
    this.name = 'TokenNameTakenError';
  }
}

/** Creates a token; the returned `token` is the only time it exists in clear text. */
export async function createApiToken(
  repo: Pick<ApiTokenRepository, 'list' | 'create'>,
  input: { name: string; role: Role },
): Promise<{ token: string; record: ApiTokenRecord }> {
  const existing = await repo.list();
  if (existing.some((record) => record.name === input.name)) {
    throw new TokenNameTakenError(input.name);
  }
  const { token, tokenHash, prefix } = generateApiToken();
  const record = await repo.create({ name: input.name, role: input.role, tokenHash, prefix });
  return { token, record };
}

export function listApiTokens(repo: Pick<ApiTokenRepository, 'list'>): Promise<ApiTokenRecord[]> {
  return repo.list();
}

/** Revokes by numeric id or by name; false when no active token matched. */
export function revokeApiToken(repo: Pick<ApiTokenRepository, 'revoke'>, idOrName: number | string): Promise<boolean> {
  const asId = typeof idOrName === 'string' && /^\d+$/.test(idOrName) ? Number(idOrName) : idOrName;
  return repo.revoke(asId);
}

/** Who changes tokens with the CLI on this machine: `cli:<os user>` (the API audits `token:<name>`). */
export function cliActor(username: string = osUser()): string {
  return `cli:${username}`;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A uid without a passwd entry (some containers): the environment's word is all there is.
    return process.env['USER'] ?? process.env['LOGNAME'] ?? 'unknown';
  }
}

interface CliRepos {
  apiTokens: ApiTokenRepository;
  audit: Pick<AuditRepository, 'record'>;
}

/** createApiToken for the CLI, audited like the API's (api_token.created) with the CLI's actor. */
export async function createApiTokenAsCli(
  repos: CliRepos,
  input: { name: string; role: Role },
  actor: string,
): Promise<{ token: string; record: ApiTokenRecord }> {
  const created = await createApiToken(repos.apiTokens, input);
  const { record } = created;
  await repos.audit.record({
    type: AUDIT_EVENT_TYPES.apiTokenCreated,
    actor,
    payload: { id: record.id, name: record.name, role: record.role, via: 'cli' },
  });
  return created;
}

/** revokeApiToken for the CLI, audited (api_token.revoked) when a token was revoked. */
export async function revokeApiTokenAsCli(repos: CliRepos, idOrName: string, actor: string): Promise<boolean> {
  const revoked = await revokeApiToken(repos.apiTokens, idOrName);
  if (revoked) await repos.audit.record({ type: AUDIT_EVENT_TYPES.apiTokenRevoked, actor, payload: { id_or_name: idOrName, via: 'cli' } });
  return revoked;
}
