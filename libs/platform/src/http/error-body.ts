import { z } from 'zod';
import { errorBodySchema, type ErrorBody } from '@huntforge/contracts/http';

// The body shape is a contract (it is in the OpenAPI document); the platform only builds it.
export { errorBodySchema, type ErrorBody };

/** Each failing field of a validation_error: `path` is dotted and starts with body, query or params. */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}
