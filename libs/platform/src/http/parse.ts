import type { z } from 'zod';
import type { ValidationIssue } from './error-body';
import { HttpError } from './http-error';

export type RequestPart = 'body' | 'query' | 'params';

/** Zod issues as `{ path: 'body.items.0.name', message }`; `prefix` names the request part. */
export function validationDetails(error: z.ZodError, prefix?: RequestPart): ValidationIssue[] {
  return error.issues.map((issue) => {
    const segments = [...(prefix ? [prefix] : []), ...issue.path.map(String)];
    return { path: segments.join('.'), message: issue.message };
  });
}

/** Parses one part of a request; a mismatch is a 400 validation_error listing every failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: RequestPart): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, 'validation_error', `Invalid request ${where}`, validationDetails(result.error, where));
}
