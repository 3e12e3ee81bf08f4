import type { RequestHandler } from 'express';
import { HttpError } from '@huntforge/platform';
import ipaddr from 'ipaddr.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const RAW_TYPE = /^application\/(octet-stream|gzip|x-gzip)\s*(;|$)/i;

/** `host[:port]` without the port, lower-cased; brackets of an IPv6 literal removed. */
function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon > 0 && /^\d+$/.test(host.slice(colon + 1)) ? host.slice(0, colon) : host;
}

function matchesAllowed(name: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const pattern = hostName(entry);
    return pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) && name.length > pattern.length - 1 : name === pattern;
  });
}

/**
 * Whether a Host header may reach the service. IP literals and loopback names can never be a rebound
 * attacker domain; any other name must be listed in ALLOWED_HOSTS.
 */
export function isAllowedHost(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  if (name === 'localhost' || name.endsWith('.localhost') || ipaddr.isValid(name)) return true;
  return matchesAllowed(name, allowed);
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Keeps web pages the user visits from driving the service through their browser: a foreign Host
 * (DNS rebinding) is refused, a state-changing request from another site is refused (Origin /
 * Sec-Fetch-Site, which browsers always send and scripts cannot forge), and request bodies must be
 * JSON (a cross-site form post cannot send that without a preflight the service never grants).
 * Clients other than browsers (curl, SDKs, MCP clients) send no Origin and are unaffected.
 */
export function browserGuard(options: {
  allowedHosts: readonly string[];
  rawBodyRoutes?: ReadonlyArray<{ method: string; path: string }>;
}): RequestHandler {
  const rawRoutes = new Set((options.rawBodyRoutes ?? []).map((route) => `${route.method.toUpperCase()} ${route.path}`));
  return (req, _res, next) => {
    if (!isAllowedHost(req.headers.host, options.allowedHosts)) {
      next(
        new HttpError(
          421,
          'host_not_allowed',
          `This service does not answer to host ${req.headers.host ?? '(none)'}; add it to ALLOWED_HOSTS`,
        ),
      );
      return;
    }
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const crossSite = typeof site === 'string' ? site !== 'same-origin' && site !== 'none' : false;
    const foreignOrigin = typeof origin === 'string' && origin !== 'null' ? !sameHost(origin, req.headers.host) : origin === 'null';
    if (crossSite || foreignOrigin) {
      next(new HttpError(403, 'cross_origin_refused', 'State-changing requests from another site are refused'));
      return;
    }
    // A file upload route takes the file itself: not a type a cross-site form can send without a preflight either.
    const raw = rawRoutes.has(`${req.method} ${req.path}`) && RAW_TYPE.test(req.headers['content-type'] ?? '');
    if (hasBody(req.headers) && !raw && !JSON_TYPE.test(req.headers['content-type'] ?? '')) {
      next(new HttpError(415, 'unsupported_media_type', 'Request bodies must be application/json'));
      return;
    }
    next();
  };
}

function sameHost(origin: string, hostHeader: string | undefined): boolean {
  try {
    return hostHeader !== undefined && new URL(origin).host.toLowerCase() === hostHeader.trim().toLowerCase();
  } catch {
    return false;
  }
}
