import { serialize } from 'cookie';
import { ACTOR_HEADER, CSRF_HEADER, ROLE_HEADER, SESSION_COOKIE, type UpstreamServiceName } from '@huntforge/contracts';
import { identitySignatureHeaders, type ServiceUrls } from '@huntforge/platform';
import type { Caller } from '../caller/caller';

/** One call to an owning service's public route, as the action table describes it. */
export interface ServiceCall {
  service: UpstreamServiceName;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full public path, e.g. `/api/workflow/articles/7/trigger`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface ServiceAnswer {
  http_status: number;
  body: unknown;
}

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
 * Runs writes through the owning service's public route, so its validation and business rules apply.
 * Distributed: straight to the service's URL with the caller's identity in the gateway's actor headers
 * and the gateway's signature over them (the service checks it as it checks the gateway's). Otherwise through the gateway (all-in-one: the
 * server the caller reached; stdio: MCP_API_URL) with the caller's own bearer token, or the browser
 * session of a person who signed in, so the gateway checks the caller's role again.
 */
export class ServiceClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ServiceClientOptions) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  /**
   * Whether a write of `caller` has somewhere to go: every owning service has its URL, or a gateway (the server the
   * caller reached, or MCP_API_URL) takes it. The tool list leaves the immediate writes out when not.
   */
  canWrite(caller: Caller): boolean {
    const viaGateway = (this.options.useSelfUrl ? caller.selfUrl : null) ?? this.options.apiUrl;
    return viaGateway !== null || Object.values(URL_KEY).every((key) => this.options.serviceUrls[key] !== undefined);
  }

  async call(call: ServiceCall, caller: Caller): Promise<ServiceAnswer> {
    const direct = this.options.serviceUrls[URL_KEY[call.service]];
    const viaGateway = (this.options.useSelfUrl ? caller.selfUrl : null) ?? this.options.apiUrl;
    const base = direct ?? viaGateway;
    if (!base) throw new WriteTargetUnavailableError(call.service);

    const url = new URL(call.path, base);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json', 'x-huntforge-via': 'mcp' };
    if (direct) {
      headers[ACTOR_HEADER] = caller.actor;
      headers[ROLE_HEADER] = caller.role;
      if (this.options.signingKey) {
        const identity = { method: call.method, url: `${url.pathname}${url.search}`, actor: caller.actor, role: caller.role };
        Object.assign(headers, identitySignatureHeaders(this.options.signingKey, identity));
      }
    } else if (caller.bearer) {
      headers['authorization'] = `Bearer ${caller.bearer}`;
    } else if (caller.session) {
      // A person who signed in to the web app: the gateway checks their session and role as for the page's own writes.
      headers['cookie'] = serialize(SESSION_COOKIE, caller.session);
      headers[CSRF_HEADER] = '1';
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json';

    const response = await this.fetchImpl(url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await response.text();
    return { http_status: response.status, body: parseBody(text) };
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 10_000);
  }
}
