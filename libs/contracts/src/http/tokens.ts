import { z } from 'zod';
import { roleSchema } from '../access';

/** An API token as the API shows it: never the token itself nor its hash. */
export const apiTokenSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string(),
    role: roleSchema,
    prefix: z.string().meta({ description: 'First characters of the token, to recognise it', example: 'hf_Ab3d' }),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiToken' });

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) }).meta({ id: 'ApiTokenList' });

export const tokenNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore only')
  .meta({ example: 'ci-reader' });

export const createApiTokenRequestSchema = z
  .object({ name: tokenNameSchema, role: roleSchema })
  .strict()
  .meta({ id: 'CreateApiTokenRequest' });

export const createApiTokenResponseSchema = z
  .object({
    token: z.string().meta({ description: 'The bearer token. Shown only in this response; store it now.' }),
    api_token: apiTokenSchema,
  })
  .meta({ id: 'CreateApiTokenResponse' });

export const apiTokenIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export type ApiToken = z.infer<typeof apiTokenSchema>;
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;
