import type { Subscription } from '@huntforge/bus';
import { REQUEST_KEYS } from '@huntforge/contracts';
import {
  CONTENT_FILTER_ERROR_CODES,
  classifyArticleRequestSchema,
  classifyRequestSchema,
  detectOsRequestSchema,
  type ClassifyArticleResponse,
  type ClassifyResponse,
  type DetectOsResponse,
} from '@huntforge/contracts/content-filter';
import { busReplyError } from '@huntforge/contracts/messages';
import { HttpError } from '@huntforge/platform';
import type { z } from 'zod';
import { classify, type ClassifyDeps } from '../classification/classify';
import { classifyArticle } from '../classify-article/classify-article';
import { detectOs, type DetectOsDeps } from '../detect-os/detect-os';
import type { ContentFilterPorts } from '../ports';

/**
 * Runs a request handler with its payload validated; a bad payload or an unavailable model is a refusal
 * (`busReplyError`) the caller can branch on (the bus would otherwise turn a throw into a remote error).
 */
async function answer<S extends z.ZodType, R>(schema: S, payload: unknown, handler: (input: z.infer<S>) => Promise<R>) {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    return busReplyError(
      'validation_error',
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; '),
    );
  }
  try {
    return await handler(parsed.data);
  } catch (error) {
    if (error instanceof HttpError && error.code === CONTENT_FILTER_ERROR_CODES.modelUnavailable)
      return busReplyError(error.code, error.message);
    throw error;
  }
}

export interface RespondersDeps extends ClassifyDeps, DetectOsDeps {
  bus: Pick<ContentFilterPorts['bus'], 'respond'>;
}

/**
 * Request/reply: `content-filter.classify-article` (the workflow pipeline's one question per article: the
 * classification and the platform together), and `content-filter.classify` and `content-filter.detect-os`
 * for the callers that want one of them.
 */
export async function startResponders(deps: RespondersDeps): Promise<Subscription[]> {
  return Promise.all([
    deps.bus.respond<unknown, ClassifyArticleResponse>(REQUEST_KEYS.contentFilterClassifyArticle, (payload) =>
      answer(classifyArticleRequestSchema, payload, (request) => classifyArticle(deps, request)),
    ),
    deps.bus.respond<unknown, ClassifyResponse>(REQUEST_KEYS.contentFilterClassify, (payload) =>
      answer(classifyRequestSchema, payload, (request) => classify(deps, request)),
    ),
    deps.bus.respond<unknown, DetectOsResponse>(REQUEST_KEYS.contentFilterDetectOs, (payload) =>
      answer(detectOsRequestSchema, payload, (request) => detectOs(deps, request)),
    ),
  ]);
}
