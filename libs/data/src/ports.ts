/**
 * The repository surface other libs build on (platform scheduler, gateway auth, scheduled jobs).
 * Implementations live beside this file and talk to Prisma; nothing outside libs/data touches SQL.
 */

export type Role = 'viewer' | 'analyst' | 'admin';

export interface ApiTokenRecord {
  id: number;
  name: string;
  role: Role;
  /** First characters of the token, safe to show (e.g. `hf_ab12`). */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiTokenRepository {
  create(input: { name: string; role: Role; tokenHash: string; prefix: string }): Promise<ApiTokenRecord>;
  /** Active (not revoked) token with this SHA-256 hash, or null. */
  findActiveByHash(tokenHash: string): Promise<ApiTokenRecord | null>;
  list(): Promise<ApiTokenRecord[]>;
  /** Revokes by id or name; false when nothing active matched. */
  revoke(idOrName: number | string): Promise<boolean>;
  touch(id: number, at: Date): Promise<void>;
}

export interface WebSessionRecord {
  id: string;
  /** The API token the session was made with; the session acts with its current name and role. */
  token: Pick<ApiTokenRecord, 'id' | 'name' | 'role'>;
  userAgent: string | null;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date | null;
}

export interface WebSessionRepository {
  create(input: { sessionHash: string; apiTokenId: number; userAgent: string | null; expiresAt: Date }): Promise<WebSessionRecord>;
  /** The live session with this SHA-256: not revoked, not expired at `now`, its token not revoked. */
  findLiveByHash(sessionHash: string, now: Date): Promise<WebSessionRecord | null>;
  /** Live sessions at `now`, newest first. */
  listLive(now: Date): Promise<WebSessionRecord[]>;
  /** False when no unrevoked session has this id. */
  revoke(id: string, at: Date): Promise<boolean>;
  touch(id: string, at: Date): Promise<void>;
  /** Deletes sessions that expired or were revoked before `before`; returns how many. */
  pruneEnded(before: Date): Promise<number>;
}

export interface JobLockRepository {
  /** Takes or renews the lease `name` for `holder` until now + ttlMs; false when another holder has a live lease. */
  tryAcquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
}

/**
 * Nonces of accepted identity signatures, shared by every replica of a service. `claim` is atomic: of two
 * replicas claiming one nonce at once, one gets true. A nonce whose expiry passed may be claimed again (its
 * signature is stale by then, so the freshness check refuses it first anyway).
 */
export interface SignatureNonceRepository {
  /** True when `nonce` was not seen (or only expired); records it until `expiresAtMs`. */
  claim(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
  /** Deletes the nonces expired at `nowMs`; returns how many. */
  prune(nowMs: number): Promise<number>;
}

export type JobOutcome = 'succeeded' | 'failed' | 'skipped';

export interface JobRunRecord {
  id: number;
  jobId: string;
  holder: string;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: JobOutcome | 'running';
  detail: unknown;
}

export interface JobRunRepository {
  start(jobId: string, holder: string): Promise<JobRunRecord>;
  finish(id: number, outcome: JobOutcome, detail?: unknown): Promise<JobRunRecord>;
  recent(jobId: string, limit: number): Promise<JobRunRecord[]>;
}

export interface ScheduledJobConfigRecord {
  jobId: string;
  enabled: boolean;
  cron: string;
  updatedAt: Date;
}

export interface AuditEventInput {
  type: string;
  actor: string | null;
  payload: unknown;
  /** The MCP tool called (tool-call and confirmation events); kept in its own column for filtering. */
  tool?: string | null;
  outcome?: string | null;
  durationMs?: number | null;
}

export interface ScheduledJobConfigRepository {
  list(): Promise<ScheduledJobConfigRecord[]>;
  /** Upserts every job and writes the audit event in one transaction. */
  saveWithAudit(jobs: Array<Omit<ScheduledJobConfigRecord, 'updatedAt'>>, audit: AuditEventInput): Promise<ScheduledJobConfigRecord[]>;
}

export interface AuditRecord extends AuditEventInput {
  id: number;
  tool: string | null;
  outcome: string | null;
  durationMs: number | null;
  createdAt: Date;
}

export interface AuditEventFilter {
  type?: string;
  tool?: string;
  actor?: string;
  outcome?: string;
  since?: Date;
  until?: Date;
  /** Keyset position: events with a smaller id (older) than this. */
  beforeId?: number;
  limit?: number;
}

/** The one audit trail: settings and scheduled-job changes, MCP tool calls and confirmation decisions. */
export interface AuditRepository {
  record(event: AuditEventInput): Promise<AuditRecord>;
  /** Completes an event recorded before its outcome was known (an MCP call audited before it runs). */
  update(id: number, change: Pick<AuditEventInput, 'outcome' | 'durationMs' | 'payload'>): Promise<void>;
  /** Newest first. */
  list(filter: AuditEventFilter): Promise<AuditRecord[]>;
}
