import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../../http/auth.ts';

/**
 * `Secure` whenever browsers reach us over HTTPS: always when PUBLIC_URL is https, otherwise when this request came
 * over HTTPS, directly or as a trusted proxy says with X-Forwarded-Proto (`auto`). Plain http://localhost keeps
 * working, since browsers would not send a Secure cookie back to it.
 */
export function cookieSecure(publicUrl: string): true | 'auto' {
  return publicUrl.startsWith('https:') ? true : 'auto';
}

/**
 * A cookie's path as browsers see it: under BASE_URI_PATH, which PUBLIC_URL ends with (config.ts), so a cookie of
 * ours never goes to another application on the same host. `/` alone is the base path itself.
 */
export function cookiePath(publicUrl: string, path: string): string {
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  return path === '/' ? base || '/' : `${base}${path}`;
}

/** Hands the browser its session: the cookie the admin UI sends with every call. */
export function setSessionCookie(
  reply: FastifyReply,
  session: { id: string; expiresAt: Date },
  publicUrl: string,
): void {
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: cookiePath(publicUrl, '/'),
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(publicUrl),
    expires: session.expiresAt,
  });
}

/** Tells the browser to drop its session cookie, with the attributes it was set with. */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: cookiePath(publicUrl, '/'),
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(publicUrl),
  });
}
