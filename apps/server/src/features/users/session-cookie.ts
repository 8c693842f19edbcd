import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../../http/auth.ts';

/** Hands the browser its session: the cookie the admin UI sends with every call. */
export function setSessionCookie(reply: FastifyReply, session: { id: string; expiresAt: Date }): void {
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    expires: session.expiresAt,
  });
}
