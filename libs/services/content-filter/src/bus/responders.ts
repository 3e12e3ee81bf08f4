import type { Subscription } from '@huntforge/bus';
import {
  CONTENT_FILTER_ERROR_CODES,
  classifyRequestSchema,
  detectOsRequestSchema,
  REQUEST_KEYS,
  type ClassifyResponse,
  type DetectOsResponse,
} from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import type { z } from 'zod';
import { classify, replyError } from '../classification/classify';
import type { ContentFilterDeps } from '../deps';
import { detectOs } from '../detect-os/detect-os';

/**
 * Runs a request handler with its payload validated; a bad payload or an unavailable model is an
 * `{error}` answer the caller can branch on (the bus would otherwise turn a throw into a remote error).
 */
async function answer<S extends z.ZodType, R>(schema: S, payload: unknown, handler: (input: z.infer<S>) => Promise<R>) {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    return replyError('validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; '));
  }
  try {
    return await handler(parsed.data);
  } catch (error) {
    if (error instanceof HttpError && error.code === CONTENT_FILTER_ERROR_CODES.modelUnavailable) return replyError(error.code, error.message);
    throw error;
  }
}

/** Request/reply for the workflow: `content-filter.classify` and `content-filter.detect-os`. */
export async function startResponders(deps: ContentFilterDeps): Promise<Subscription[]> {
  return Promise.all([
    deps.bus.respond<unknown, ClassifyResponse>(REQUEST_KEYS.contentFilterClassify, (payload) =>
      answer(classifyRequestSchema, payload, (request) => classify(deps, request)),
    ),
    deps.bus.respond<unknown, DetectOsResponse>(REQUEST_KEYS.contentFilterDetectOs, (payload) =>
      answer(detectOsRequestSchema, payload, (request) => detectOs(deps, request)),
    ),
  ]);
}
