import { z } from 'zod';
import { compilePattern, hasDotSegments, mostSpecificMatch, pathSegments, type CompiledPattern } from './path-pattern';

/** API token roles, weakest first: each role may do everything the roles before it may. */
export const ROLES = ['viewer', 'analyst', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export const roleSchema = z.enum(ROLES).meta({ id: 'Role', description: 'viewer < analyst < admin' });

export function roleSatisfies(actual: Role, required: Role): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(required);
}

/** What a request needs: nothing (public) or a token with at least `role`. */
export type AccessRequirement = { public: true } | { public: false; role: Role };

const PUBLIC: AccessRequirement = { public: true };
const needs = (role: Role): AccessRequirement => ({ public: false, role });

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface AccessRule {
  compiled: CompiledPattern;
  /** Role for writes (POST, PUT, PATCH, DELETE) under the pattern. */
  write: Role;
  /** Role for reads (GET, HEAD, OPTIONS) under the pattern. */
  read: Role;
}

const accessRule = (pattern: string, read: Role, write: Role): AccessRule => ({
  compiled: compilePattern(pattern, 'prefix'),
  read,
  write,
});

/**
 * Exceptions to the default (reads → viewer, writes → analyst). Settings carry credentials and
 * tokens/audit/jobs/backup change who can do what or what runs on the host, so they need admin; the
 * provider connectivity tests only read the stored credential, so an analyst may run them.
 */
const ACCESS_RULES: readonly AccessRule[] = [
  accessRule('/api/settings', 'viewer', 'admin'),
  accessRule('/api/settings/:provider/test', 'viewer', 'analyst'),
  accessRule('/api/tokens', 'admin', 'admin'),
  accessRule('/api/audit', 'admin', 'admin'),
  // MCP over HTTP is always POST; the tools enforce each role's scope themselves (viewers see read tools only).
  accessRule('/mcp', 'viewer', 'viewer'),
  accessRule('/api/scheduled-jobs', 'viewer', 'admin'),
  accessRule('/api/backup', 'viewer', 'admin'),
  // A backup holds every credential and the settings key: listing or taking one is an admin's job.
  accessRule('/api/backups', 'admin', 'admin'),
  // The host crontab's foreign lines may carry anything (a password in a command): admins only.
  accessRule('/api/cron', 'admin', 'admin'),
  // Who is signed in where: an admin's view, like the tokens the sessions were made with.
  accessRule('/api/auth/sessions', 'admin', 'admin'),
  // Adding, changing and deleting sources decides what the service fetches: admins. Collecting one now and its
  // OCR flag stay an analyst's.
  accessRule('/api/sources', 'viewer', 'admin'),
  accessRule('/api/sources/:source_id/collect', 'viewer', 'analyst'),
  accessRule('/api/sources/:source_id/image_ocr', 'viewer', 'analyst'),
  // Analysts upload telemetry to backtest with; removing someone's dataset is an admin's call.
  accessRule('/api/telemetry/datasets/:dataset_id', 'viewer', 'admin'),
];

const PUBLIC_PATTERNS: ReadonlyArray<{ compiled: CompiledPattern }> = [
  { compiled: compilePattern('/health', 'prefix') },
  { compiled: compilePattern('/api/health', 'prefix') },
  { compiled: compilePattern('/docs', 'prefix') },
  { compiled: compilePattern('/openapi.json', 'exact') },
];

/**
 * Public for one method only: signing in (the body carries the credential) and signing out (which
 * must work with an expired session, to clear its cookie). Reading the session still needs one.
 */
const PUBLIC_METHODS: ReadonlyArray<{ method: string; compiled: CompiledPattern }> = [
  { method: 'POST', compiled: compilePattern('/api/auth/session', 'exact') },
  { method: 'DELETE', compiled: compilePattern('/api/auth/session', 'exact') },
];

function isPublicForMethod(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  return (
    mostSpecificMatch(
      PUBLIC_METHODS.filter((entry) => entry.method === upper),
      path,
    ) !== undefined
  );
}

function isProtectedArea(segments: readonly string[]): boolean {
  return segments[0] === 'api' || segments[0] === 'mcp';
}

/**
 * The documented access rule of the public HTTP surface:
 * - public: `/health*`, `/api/health*`, `/openapi.json`, `/docs*`, the HTML pages (outside `/api` and `/mcp`),
 *   and signing in or out (`POST`/`DELETE /api/auth/session`);
 * - `/api/*` and `/mcp`: GET/HEAD/OPTIONS → viewer, other methods → analyst, except the admin areas in
 *   ACCESS_RULES (settings writes, tokens, audit, scheduled-jobs/cron/backup writes);
 * - a path with dot segments is never public and needs admin, so no spelling can slip past a rule.
 */
export function accessRequirement(method: string, path: string): AccessRequirement {
  if (hasDotSegments(path)) return needs('admin');
  const segments = pathSegments(path);
  if (!isProtectedArea(segments) || mostSpecificMatch(PUBLIC_PATTERNS, path) || isPublicForMethod(method, path)) return PUBLIC;
  const isRead = READ_METHODS.has(method.toUpperCase());
  const rule = mostSpecificMatch(ACCESS_RULES, path);
  if (rule) return needs(isRead ? rule.read : rule.write);
  return needs(isRead ? 'viewer' : 'analyst');
}
