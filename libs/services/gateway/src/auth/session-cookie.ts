import type { CookieOptions, Request, Response } from 'express';
import { SESSION_COOKIE } from '@huntforge/contracts/http';

/**
 * Whether the browser reached us over HTTPS, directly or through a TLS-terminating proxy. Believing a
 * forged X-Forwarded-Proto is harmless here: it can only make a plain-HTTP browser drop the cookie.
 */
function overHttps(req: Request): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  return req.secure || (typeof forwarded === 'string' && forwarded.split(',')[0]?.trim().toLowerCase() === 'https');
}

/** HttpOnly so no script reads it, SameSite=Strict so no other site sends it, Secure when the page came over HTTPS. */
function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: overHttps(req), path: '/' };
}

export function setSessionCookie(req: Request, res: Response, value: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, value, { ...cookieOptions(req), expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}
