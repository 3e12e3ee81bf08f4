import { z } from 'zod';

/** The one error body of every route: `{"error": {"code", "message", "details"?}}`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable, machine-readable error code', example: 'validation_error' }),
      message: z.string().meta({ description: 'Human-readable explanation' }),
      details: z.unknown().optional().meta({ description: 'Code-specific context, e.g. the failing fields' }),
    }),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes the platform and the gateway emit; services add their own (e.g. `no_huntable_content`). */
export const ERROR_CODES = {
  validationError: 'validation_error',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  notFound: 'not_found',
  internalError: 'internal_error',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  upstreamUnavailable: 'upstream_unavailable',
  unknownJob: 'unknown_job',
  jobNotEditable: 'job_not_editable',
  invalidCron: 'invalid_cron',
  tokenNameTaken: 'token_name_taken',
  rateLimited: 'rate_limited',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
