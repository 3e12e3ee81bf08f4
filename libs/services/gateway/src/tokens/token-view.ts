import type { ApiTokenRecord } from '@huntforge/data';
import type { ApiToken } from '@huntforge/contracts/http';

/** The API's view of a token record: everything but secrets (the record holds none; the hash stays in the database). */
export function toApiToken(record: ApiTokenRecord): ApiToken {
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    prefix: record.prefix,
    created_at: record.createdAt.toISOString(),
    last_used_at: record.lastUsedAt?.toISOString() ?? null,
    revoked_at: record.revokedAt?.toISOString() ?? null,
  };
}
