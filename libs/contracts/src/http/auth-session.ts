import { z } from 'zod';
import { roleSchema } from '../access';

/** Who the pages are talking as: the web application reads it once to decide what to show. */
export const authSessionResponseSchema = z
  .object({
    auth_mode: z.enum(['off', 'required']).meta({ description: "'off': loopback all-in-one, every caller is the local admin" }),
    actor: z.string().meta({ description: '`local` when authentication is off, otherwise `token:<name>`', example: 'token:alice' }),
    role: roleSchema,
  })
  .meta({ id: 'AuthSession' });

export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;
