import { createHash } from 'node:crypto';
import type { WebSessionRecord, WebSessionRepository } from '@huntforge/data';

/** What every session cookie value starts with. */
export const SESSION_PREFIX = 'hfs_';
/** `hfs_` + 32 random bytes in base64url: the session cookie's value. */
export const SESSION_VALUE_PATTERN = /^hfs_[A-Za-z0-9_-]{43}$/;

/** Sessions are stored and looked up by this digest only, like API tokens. */
export function hashSessionValue(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
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
