import { z } from 'zod';
import { roleSchema } from '../access';

/** The cookie a browser sign-in sets: HttpOnly, SameSite=Strict, Secure when the page came over HTTPS. */
export const SESSION_COOKIE = 'huntforge_session';

/**
 * Header every cookie-authenticated write must carry (CSRF defence): a page on another site cannot add
 * a custom header to a request without a CORS preflight, which the gateway never grants.
 */
export const CSRF_HEADER = 'x-huntforge-csrf';

/** Who the pages are talking as: the web application reads it once to decide what to show. */
export const authSessionResponseSchema = z
  .object({
    auth_mode: z.enum(['off', 'required']).meta({ description: "'off': loopback all-in-one, every caller is the local admin" }),
    actor: z.string().meta({ description: '`local` when authentication is off, otherwise `token:<name>`', example: 'token:alice' }),
    role: roleSchema,
    via: z
      .enum(['local', 'bearer', 'session'])
      .meta({ description: 'How the caller authenticated: no authentication, a bearer token, or a browser session cookie' }),
    expires_at: z.iso.datetime().nullable().meta({ description: 'When the browser session ends (null unless `via` is `session`)' }),
  })
  .meta({ id: 'AuthSession' });

export const signInRequestSchema = z
  .object({
    token: z.string().trim().min(1).max(200).meta({ description: 'An API token as `huntforge tokens create` printed it', example: 'hf_…' }),
  })
  .strict()
  .meta({ id: 'SignInRequest' });

/** A live browser session as an admin sees it: never the cookie or its hash. */
export const webSessionSchema = z
  .object({
    id: z.uuid(),
    token_name: z.string().meta({ description: 'The API token the session was made with' }),
    role: roleSchema,
    user_agent: z.string().nullable(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime().nullable(),
    current: z.boolean().meta({ description: "Whether this is the caller's own session" }),
  })
  .meta({ id: 'WebSession' });

export const webSessionListResponseSchema = z.object({ sessions: z.array(webSessionSchema) }).meta({ id: 'WebSessionList' });

export const webSessionIdParamsSchema = z.object({ session_id: z.uuid() });

export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;
export type SignInRequest = z.infer<typeof signInRequestSchema>;
export type WebSession = z.infer<typeof webSessionSchema>;
export type WebSessionListResponse = z.infer<typeof webSessionListResponseSchema>;
