import { ROUTE_TABLE } from '@huntforge/contracts';

/** The label of every request no known route claims: one value, so scanners cannot grow the series count. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Paths every app serves besides the contract routes. */
const PLATFORM_PATHS = ['/health', '/health/live', '/health/ready', '/metrics'];
const PLATFORM_PATH_SET: ReadonlySet<string> = new Set(PLATFORM_PATHS);

interface Pattern {
  label: string;
  segments: readonly string[];
  prefix: boolean;
  specificity: number;
}

function segmentsOf(path: string): string[] {
  return path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
}

function compile(pattern: string, prefix: boolean): Pattern {
  const segments = segmentsOf(pattern);
  const literals = segments.filter((segment) => !segment.startsWith(':') && !segment.endsWith('*')).length;
  return { label: pattern, segments, prefix, specificity: segments.length * 100 + literals * 10 + (prefix ? 0 : 1) };
}

// The route table is the one list of public paths (contracts): the same labels on the gateway, which
// proxies a path, and on the service that serves it.
const PATTERNS: readonly Pattern[] = [
  ...PLATFORM_PATHS.map((path) => compile(path, false)),
  ...ROUTE_TABLE.map((rule) => compile(rule.pattern, rule.match === 'prefix')),
];

function segmentMatches(pattern: string, actual: string): boolean {
  if (pattern.startsWith(':')) return true;
  if (pattern.endsWith('*')) return actual.startsWith(pattern.slice(0, -1));
  return pattern === actual;
}

function matches(pattern: Pattern, segments: readonly string[]): boolean {
  if (pattern.prefix ? segments.length < pattern.segments.length : segments.length !== pattern.segments.length) return false;
  return pattern.segments.every((segment, index) => segmentMatches(segment, segments[index] ?? ''));
}

/**
 * The route pattern of a request path (`/api/articles/:id` for `/api/articles/42`), never the raw path,
 * so the number of label values stays bounded by the number of routes. Paths under a prefix route (the
 * web pages) get `<prefix>/*`; anything else is `unmatched`.
 */
export function routeLabelOf(path: string): string {
  // Probes are most of the traffic of many apps: their label without scanning every route.
  if (PLATFORM_PATH_SET.has(path)) return path;
  const segments = segmentsOf(path.split(/[?#]/, 1)[0] ?? '');
  let best: Pattern | undefined;
  for (const pattern of PATTERNS) {
    if (matches(pattern, segments) && (!best || pattern.specificity > best.specificity)) best = pattern;
  }
  if (!best) return UNMATCHED_ROUTE;
  return best.prefix && segments.length > best.segments.length ? `${best.label.replace(/\/$/, '')}/*` : best.label;
}
