import type { RequestHandler } from 'express';
import { isServiceName, resolveOwner } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import { createUpstreamProxy } from './proxy';
import type { Upstream } from './upstream';

function unconfigured(service: string): RequestHandler {
  return (_req, _res, next) => next(new HttpError(502, 'upstream_unavailable', `The ${service} service is not configured`));
}

function handlerFor(upstream: Upstream, logger: Logger, signingKey: Buffer | undefined): RequestHandler {
  if (upstream.router) return upstream.router;
  if (upstream.url) return createUpstreamProxy({ service: upstream.service, url: upstream.url, logger, signingKey });
  return unconfigured(upstream.service);
}

/** Warns when a service declares a prefix the route table gives to someone else: its router would never see it. */
function checkPrefixes(upstream: Upstream, logger: Logger): void {
  for (const prefix of upstream.prefixes) {
    const owner = resolveOwner(prefix);
    if (owner !== upstream.service) {
      logger.warn({ upstream: upstream.service, prefix, owner }, 'upstream declares a prefix the route table does not route to it');
    }
  }
}

/**
 * Sends each request to the upstream the contracts route table names as its owner. Paths the gateway
 * owns, paths no rule claims, and owners without an upstream fall through to what is mounted next.
 */
export function createUpstreamDispatcher(upstreams: readonly Upstream[], logger: Logger, signingKey?: Buffer): RequestHandler {
  const handlers = new Map<string, RequestHandler>();
  for (const upstream of upstreams) {
    if (!isServiceName(upstream.service) || upstream.service === 'gateway') {
      throw new Error(`Unknown upstream service "${upstream.service}"`);
    }
    if (handlers.has(upstream.service)) throw new Error(`Upstream ${upstream.service} is listed twice`);
    checkPrefixes(upstream, logger);
    handlers.set(upstream.service, handlerFor(upstream, logger, signingKey));
  }

  return (req, res, next) => {
    const owner = resolveOwner(req.path);
    const handler = owner === null ? undefined : handlers.get(owner);
    if (!handler) return next();
    return handler(req, res, next);
  };
}
