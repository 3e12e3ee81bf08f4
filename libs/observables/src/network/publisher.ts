import { registrableDomain } from './domain-rules';

/**
 * Decides whether a link belongs to the article's publisher. On multi-tenant hosts the publisher is
 * the tenant (github.com/<owner>, medium.com/@<user>, <blog>.substack.com), not the whole platform;
 * elsewhere it is the article's registrable domain.
 */
export interface PublisherScope {
  isPublisherHost(host: string): boolean;
  isPublisherUrl(host: string, path: string): boolean;
}

const PATH_TENANT_HOSTS = new Set([
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'raw.githubusercontent.com',
  'medium.com',
  'gist.github.com',
]);
const SUBDOMAIN_TENANT_SUFFIXES = ['substack.com', 'blogspot.com', 'wordpress.com', 'github.io', 'gitlab.io', 'medium.com', 'notion.site'];

export function publisherScope(articleUrl: string | undefined): PublisherScope {
  const parsed = safeUrl(articleUrl);
  if (!parsed) return { isPublisherHost: () => false, isPublisherUrl: () => false };
  const host = parsed.hostname.toLowerCase();
  if (PATH_TENANT_HOSTS.has(host)) {
    const owner = parsed.pathname.split('/').filter(Boolean)[0]?.toLowerCase();
    return {
      isPublisherHost: () => false,
      isPublisherUrl: (h, path) => !!owner && h.toLowerCase() === host && path.split('/').filter(Boolean)[0]?.toLowerCase() === owner,
    };
  }
  if (SUBDOMAIN_TENANT_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) {
    const same = (h: string) => h.toLowerCase() === host;
    return { isPublisherHost: same, isPublisherUrl: (h) => same(h) };
  }
  const site = registrableDomain(host);
  const sameSite = (h: string) => registrableDomain(h) === site;
  return { isPublisherHost: sameSite, isPublisherUrl: (h) => sameSite(h) };
}

function safeUrl(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
