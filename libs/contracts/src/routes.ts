import { compilePattern, mostSpecificMatch, type CompiledPattern, type PathMatch } from './path-pattern';
import type { ServiceName } from './services';
import { ALL_ROUTES } from './api/all-routes';

/**
 * Which app owns which public path. The gateway routes by this table in both shapes: in-process
 * routers (all-in-one) and HTTP proxies (distributed). Every API route comes from its one definition
 * in `api/`; only the gateway's own non-API paths (documentation and the web pages) are listed here.
 * The most specific matching rule wins.
 */
export interface RouteRule {
  pattern: string;
  owner: ServiceName;
  match: PathMatch;
}

const GATEWAY_PAGES: readonly RouteRule[] = [
  { pattern: '/openapi.json', owner: 'gateway', match: 'exact' },
  { pattern: '/docs', owner: 'gateway', match: 'prefix' },
  { pattern: '/', owner: 'gateway', match: 'exact' },
  { pattern: '/articles', owner: 'gateway', match: 'prefix' },
  { pattern: '/workflow', owner: 'gateway', match: 'prefix' },
  { pattern: '/mlops', owner: 'gateway', match: 'prefix' },
  { pattern: '/sources', owner: 'gateway', match: 'prefix' },
  { pattern: '/settings', owner: 'gateway', match: 'prefix' },
];

function definedRouteRules(): RouteRule[] {
  const rules = new Map<string, RouteRule>();
  for (const route of ALL_ROUTES) {
    const known = rules.get(route.expressPath);
    if (known && known.owner !== route.owner) {
      throw new Error(`${route.path} is defined for both ${known.owner} and ${route.owner}`);
    }
    rules.set(route.expressPath, { pattern: route.expressPath, owner: route.owner, match: 'exact' });
  }
  return [...rules.values()];
}

export const ROUTE_TABLE: readonly RouteRule[] = [...GATEWAY_PAGES, ...definedRouteRules()];

const compiledTable: ReadonlyArray<RouteRule & { compiled: CompiledPattern }> = ROUTE_TABLE.map((entry) => ({
  ...entry,
  compiled: compilePattern(entry.pattern, entry.match),
}));

/** The app that owns `path` (query string ignored), or null when no rule claims it. */
export function resolveOwner(path: string): ServiceName | null {
  return mostSpecificMatch(compiledTable, path)?.owner ?? null;
}

/** The path patterns a service owns, in table order (what its module declares as `http.prefixes`). */
export function routePrefixesOf(service: ServiceName): string[] {
  return ROUTE_TABLE.filter((entry) => entry.owner === service).map((entry) => entry.pattern);
}
