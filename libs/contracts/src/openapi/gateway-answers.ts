import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { errorResponse, type ApiRoute, type JsonResponse } from '../api/define-route';
import { errorBodySchema } from '../http/errors';

type Responses = Record<number, ResponseConfig | JsonResponse>;

interface Answer {
  status: number;
  code: string;
  description: string;
  appliesTo: (route: ApiRoute) => boolean;
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const hasBody = (route: ApiRoute) => route.request?.body !== undefined;
const hasInput = (route: ApiRoute) => route.request?.params !== undefined || route.request?.query !== undefined || hasBody(route);

/**
 * The 4xx answers the gateway and the route mounting give before a handler runs, so the document lists every
 * client error a route can answer without each definition repeating them: the Host check (every path), the
 * cross-site and JSON-only checks on writes, body size and parsing, and schema validation of the route's input.
 */
const ANSWERS: readonly Answer[] = [
  {
    status: 421,
    code: 'host_not_allowed',
    description: 'The Host header names neither a loopback name, an IP literal nor an ALLOWED_HOSTS entry',
    appliesTo: () => true,
  },
  {
    status: 403,
    code: 'cross_origin_refused',
    description: 'A write sent by a page of another site',
    appliesTo: (route) => STATE_CHANGING.has(route.method),
  },
  {
    status: 415,
    code: 'unsupported_media_type',
    description: 'The body is not application/json',
    appliesTo: (route) => STATE_CHANGING.has(route.method),
  },
  { status: 413, code: 'payload_too_large', description: 'The body is larger than BODY_LIMIT', appliesTo: hasBody },
  { status: 400, code: 'invalid_json', description: 'The body is not valid JSON', appliesTo: hasBody },
  {
    status: 400,
    code: 'validation_error',
    description: 'A path parameter, query parameter or body field does not match the schema',
    appliesTo: hasInput,
  },
];

/** The codes an error response already lists: errorResponse writes each as `code` in its description. */
function codesOf(response: ResponseConfig | JsonResponse | undefined): string[] {
  return [...(response?.description ?? '').matchAll(/`([a-z][a-z0-9_]*)`/g)].map((match) => match[1] ?? '');
}

/** Adds the gateway-wide answers to a route's documented responses, merging codes into a status it already has. */
export function withGatewayAnswers(route: ApiRoute, responses: Responses): Responses {
  const merged: Responses = { ...responses };
  const byStatus = new Map<number, Answer[]>();
  for (const answer of ANSWERS.filter((candidate) => candidate.appliesTo(route))) {
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer]);
  }
  for (const [status, answers] of byStatus) {
    const existing = merged[status];
    const known = new Set(codesOf(existing));
    const missing = answers.filter((answer) => !known.has(answer.code));
    if (missing.length === 0) continue;
    if (existing === undefined) {
      merged[status] = errorResponse(
        missing.map((answer) => answer.code),
        missing.map((answer) => answer.description).join('; '),
      );
      continue;
    }
    // A status documented with another body (MCP's JSON-RPC errors) is the route's own: leave it as written.
    if ((existing as Partial<JsonResponse>).content?.['application/json']?.schema !== errorBodySchema) continue;
    const added = missing.map((answer) => `\`${answer.code}\``).join(', ');
    merged[status] = {
      ...existing,
      description: `${existing.description}; also ${added} (${missing.map((answer) => answer.description.toLowerCase()).join('; ')})`,
    };
  }
  return merged;
}
