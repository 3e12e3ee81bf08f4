import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { AddressPolicy } from './address-policy';
import { FetchError } from './fetch-errors';
import { parseTargetUrl, resolveAllowedAddress, systemResolver, type ResolvedAddress, type Resolver } from './url-guard';

export interface SafeFetchOptions extends AddressPolicy {
  /** Whole fetch, redirects included. */
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects?: number;
  userAgent: string;
  resolver?: Resolver;
}

export interface FetchRequest {
  url: string;
  accept?: string;
  /** Conditional GET validators from the previous fetch. */
  etag?: string | null;
  lastModified?: string | null;
  signal?: AbortSignal;
}

export interface FetchResult {
  /** After redirects. */
  url: string;
  status: number;
  notModified: boolean;
  headers: Record<string, string>;
  contentType: string | undefined;
  body: Buffer;
  redirects: string[];
}

export type SafeFetch = (request: FetchRequest) => Promise<FetchResult>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A lookup that ignores the name and answers with the address already vetted (DNS rebinding cannot swap it). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function describeNetworkError(error: unknown, signal: AbortSignal, timeoutMs: number): FetchError {
  if (error instanceof FetchError) return error;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof DOMException && reason.name === 'TimeoutError')
      return new FetchError('timeout', `timed out after ${timeoutMs} ms`);
    return new FetchError('network', reason instanceof Error ? reason.message : 'aborted');
  }
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new FetchError('timeout', `timed out (${code})`);
  }
  return new FetchError('network', `${code ? `${code}: ` : ''}${err.message ?? String(error)}`);
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(error?: Error): void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      body.destroy();
      throw new FetchError('too_large', `body exceeds ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Every outbound fetch of the ingestion service (feeds, pages, images): http(s) only, each hop's host
 * resolved and vetted, the connection pinned to the vetted address, redirects followed by hand (at most
 * 5, each re-vetted), a streamed body cap, and one deadline for the whole fetch.
 */
export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const resolver = options.resolver ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? 5;

  return async (req) => {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    const redirects: string[] = [];
    let url = parseTargetUrl(req.url);
    for (;;) {
      const pinned = await resolveAllowedAddress(url, options, resolver);
      const agent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, keepAliveTimeout: 1, pipelining: 0 });
      try {
        const headers: Record<string, string> = {
          'user-agent': options.userAgent,
          accept: req.accept ?? '*/*',
          'accept-encoding': 'identity',
        };
        // Validators belong to the URL they came from: only the first hop sends them.
        if (redirects.length === 0 && req.etag) headers['if-none-match'] = req.etag;
        if (redirects.length === 0 && req.lastModified) headers['if-modified-since'] = req.lastModified;
        let response: Awaited<ReturnType<typeof request>>;
        try {
          response = await request(url, {
            method: 'GET',
            headers,
            dispatcher: agent,
            signal,
            headersTimeout: options.timeoutMs,
            bodyTimeout: options.timeoutMs,
          });
        } catch (error) {
          throw describeNetworkError(error, signal, options.timeoutMs);
        }
        const responseHeaders = headerRecord(response.headers);
        const status = response.statusCode;
        if (REDIRECT_STATUSES.has(status) && responseHeaders['location']) {
          await response.body.dump().catch(() => undefined);
          if (redirects.length >= maxRedirects) throw new FetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
          let next: URL;
          try {
            next = parseTargetUrl(new URL(responseHeaders['location'], url).toString());
          } catch (error) {
            if (error instanceof FetchError && error.kind === 'invalid_url')
              throw new FetchError('network', `bad redirect location: ${error.message}`);
            throw error;
          }
          redirects.push(next.toString());
          url = next;
          continue;
        }
        if (status === 304) {
          await response.body.dump().catch(() => undefined);
          return {
            url: url.toString(),
            status,
            notModified: true,
            headers: responseHeaders,
            contentType: responseHeaders['content-type'],
            body: Buffer.alloc(0),
            redirects,
          };
        }
        if (status < 200 || status >= 300) {
          await response.body.dump().catch(() => undefined);
          throw new FetchError('http_status', `HTTP ${status}`, status);
        }
        const declared = Number(responseHeaders['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBodyBytes) {
          response.body.destroy();
          throw new FetchError('too_large', `body of ${declared} bytes exceeds ${options.maxBodyBytes} bytes`);
        }
        let body: Buffer;
        try {
          body = await readCapped(response.body, options.maxBodyBytes);
        } catch (error) {
          throw describeNetworkError(error, signal, options.timeoutMs);
        }
        return {
          url: url.toString(),
          status,
          notModified: false,
          headers: responseHeaders,
          contentType: responseHeaders['content-type'],
          body,
          redirects,
        };
      } finally {
        void agent.destroy().catch(() => undefined);
      }
    }
  };
}
