import { serialize } from 'cookie';
import type { UpstreamServiceName } from '@huntforge/contracts';
import { ACTOR_HEADER, CSRF_HEADER, ROLE_HEADER, SESSION_COOKIE } from '@huntforge/contracts/http';
import { ApiError, createApiClient, type OutgoingRequest } from '@huntforge/api-client';
import { identitySignatureHeaders, type ServiceUrls } from '@huntforge/platform';
import type { Caller } from '../caller/caller';
import type { RouteCall } from './action-table';

/** The owning service's answer: its success status and body, or its refusal (status, stable code, message). */
export type ServiceAnswer =
  | { ok: true; http_status: number; body: unknown }
  | { ok: false; http_status: number; error: { code: string; message: string; details?: unknown } };

export class WriteTargetUnavailableError extends Error {
  constructor(service: string) {
    super(
      `No address for the ${service} service: set its *_URL variable (distributed), run the tool server inside ` +
        '`huntforge start` (all-in-one), or set MCP_API_URL to the gateway',
    );
    this.name = 'WriteTargetUnavailableError';
  }
}

const URL_KEY: Record<UpstreamServiceName, keyof ServiceUrls> = {
  ingestion: 'ingestion',
  workflow: 'workflow',
  'content-filter': 'contentFilter',
  'sigma-queue': 'sigmaQueue',
  mcp: 'mcp',
};

const CALL_TIMEOUT_MS = 120_000;
/** A refusal body that is not our error envelope (a proxy's page) is kept only this long. */
const MAX_FOREIGN_BODY = 10_000;

export interface ServiceClientOptions {
  serviceUrls: ServiceUrls;
  /** The public API (gateway) to use when a service has no URL of its own. */
  apiUrl: string | null;
  /** All-in-one: the server a caller reached is the gateway, so writes may go back through it. */
  useSelfUrl: boolean;
  /** IDENTITY_SIGNING_KEY: direct calls carry the caller's identity signed, as the gateway signs it. */
  signingKey?: Buffer;
  fetchImpl?: typeof fetch;
}

/**
 * Runs writes through the owning service's public route with the typed API client (libs/api-client), so the
 * route's path, schemas and the service's business rules apply. Distributed: straight to the service's URL
 * with the caller's identity in the gateway's actor headers and the gateway's signature over them (the
 * service checks it as it checks the gateway's). Otherwise through the gateway (all-in-one: the server the
 * caller reached; stdio: MCP_API_URL) with the caller's own bearer token, or the browser session of a person
 * who signed in, so the gateway checks the caller's role again.
 */
export class ServiceClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ServiceClientOptions) {
    const fetchImpl = options.fetchImpl ?? fetch;
    // Never follow a redirect (a write answered elsewhere is not this route's answer); give up after the timeout.
    this.fetchImpl = (input, init) =>
      fetchImpl(input, { ...init, redirect: 'manual', signal: init?.signal ?? AbortSignal.timeout(CALL_TIMEOUT_MS) });
  }

  /**
   * Whether a write of `caller` has somewhere to go: every owning service has its URL, or a gateway (the server the
   * caller reached, or MCP_API_URL) takes it. The tool list leaves the immediate writes out when not.
   */
  canWrite(caller: Caller): boolean {
    return this.viaGateway(caller) !== null || Object.values(URL_KEY).every((key) => this.options.serviceUrls[key] !== undefined);
  }

  async call(call: RouteCall, caller: Caller): Promise<ServiceAnswer> {
    const owner = call.route.owner;
    const direct = owner === 'gateway' ? undefined : this.options.serviceUrls[URL_KEY[owner]];
    const base = direct ?? this.viaGateway(caller);
    if (!base) throw new WriteTargetUnavailableError(owner);

    const client = createApiClient({
      baseUrl: base,
      fetch: this.fetchImpl,
      headers: (request) => (direct ? this.signedIdentity(request, caller) : this.callerCredentials(caller)),
    });
    try {
      const answer = await client.answer(call.route, call.input);
      return { ok: true, http_status: answer.status, body: answer.body ?? null };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const details = typeof error.details === 'string' ? error.details.slice(0, MAX_FOREIGN_BODY) : error.details;
      return {
        ok: false,
        http_status: error.status,
        error: { code: error.code, message: error.message, ...(details === undefined ? {} : { details }) },
      };
    }
  }

  private viaGateway(caller: Caller): string | null {
    return (this.options.useSelfUrl ? caller.selfUrl : null) ?? this.options.apiUrl;
  }

  /** A direct call: the caller's identity in the gateway's actor headers, signed as the gateway signs it. */
  private signedIdentity(request: OutgoingRequest, caller: Caller): Record<string, string> {
    const headers: Record<string, string> = { 'x-huntforge-via': 'mcp', [ACTOR_HEADER]: caller.actor, [ROLE_HEADER]: caller.role };
    if (this.options.signingKey) {
      const url = new URL(request.url);
      const identity = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        actor: caller.actor,
        role: caller.role,
        body: request.body ?? '',
      };
      Object.assign(headers, identitySignatureHeaders(this.options.signingKey, identity));
    }
    return headers;
  }

  /** Through the gateway: the caller's own token, or the session of a person who signed in to the web app. */
  private callerCredentials(caller: Caller): Record<string, string> {
    if (caller.bearer) return { 'x-huntforge-via': 'mcp', authorization: `Bearer ${caller.bearer}` };
    // The gateway checks their session and role as for the page's own writes.
    if (caller.session) return { 'x-huntforge-via': 'mcp', cookie: serialize(SESSION_COOKIE, caller.session), [CSRF_HEADER]: '1' };
    return { 'x-huntforge-via': 'mcp' };
  }
}
