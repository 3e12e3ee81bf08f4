/**
 * Segment-wise path patterns shared by the route table and the access rules.
 * A pattern segment is a literal (`sources`), a parameter (`:article_id`, any one segment) or a literal
 * prefix (`test-*`, any segment starting with `test-`). Matching is case-insensitive because Express
 * routes are, so a path can never reach a router under a spelling its access rule did not classify.
 */

export type PathMatch = 'prefix' | 'exact';

export interface CompiledPattern {
  readonly pattern: string;
  readonly match: PathMatch;
  readonly segments: readonly string[];
  /** Higher wins when several patterns match: longer first, then more literal segments. */
  readonly specificity: number;
}

/** Lower-cased, query-free path segments; empty segments (`//`, trailing `/`) are dropped. */
export function pathSegments(path: string): string[] {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  return withoutQuery
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');
}

const DOT_SEGMENTS = new Set(['.', '..', '%2e', '%2e%2e', '.%2e', '%2e.']);

/** True when the path has `.`/`..` segments (plain or percent-encoded): such paths are never treated as public. */
export function hasDotSegments(path: string): boolean {
  return pathSegments(path).some((segment) => DOT_SEGMENTS.has(segment));
}

export function compilePattern(pattern: string, match: PathMatch): CompiledPattern {
  const segments = pathSegments(pattern);
  const literalCount = segments.filter((segment) => !segment.startsWith(':') && !segment.endsWith('*')).length;
  return { pattern, match, segments, specificity: segments.length * 100 + literalCount * 10 + (match === 'exact' ? 1 : 0) };
}

function segmentMatches(patternSegment: string, pathSegment: string): boolean {
  if (patternSegment.startsWith(':')) return true;
  if (patternSegment.endsWith('*')) return pathSegment.startsWith(patternSegment.slice(0, -1));
  return patternSegment === pathSegment;
}

export function matchesPattern(compiled: CompiledPattern, segments: readonly string[]): boolean {
  if (segments.length < compiled.segments.length) return false;
  if (compiled.match === 'exact' && segments.length !== compiled.segments.length) return false;
  return compiled.segments.every((patternSegment, index) => segmentMatches(patternSegment, segments[index] ?? ''));
}

/** The most specific entry whose pattern matches `path`, or undefined. */
export function mostSpecificMatch<T extends { compiled: CompiledPattern }>(entries: readonly T[], path: string): T | undefined {
  const segments = pathSegments(path);
  let best: T | undefined;
  for (const entry of entries) {
    if (!matchesPattern(entry.compiled, segments)) continue;
    if (!best || entry.compiled.specificity > best.compiled.specificity) best = entry;
  }
  return best;
}
