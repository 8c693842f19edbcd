import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { actorName, actorUserId, SESSION_COOKIE } from '../../../http/auth.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createSessionStore } from '../users/session-store.ts';
import { signedInUserId } from '../users/signed-in.ts';
import type { Session } from './session.ts';
import { SessionIdParams, SessionListQuery, SessionListResponse } from './session-schemas.ts';

export const toSessionResponse = (session: Session) => ({
  id: session.id,
  userId: session.userId,
  username: session.username,
  email: session.email,
  ip: session.ip,
  userAgent: session.userAgent,
  createdAt: session.createdAt.toISOString(),
  seenAt: session.seenAt?.toISOString() ?? null,
  expiredAt: session.expiresAt.toISOString(),
  current: session.current,
});

/**
 * Active sessions: everyone lists and revokes their own (`/api/admin/user/sessions`, Switchyard's own paths); admins
 * list and revoke anyone's (`/api/admin/user-sessions`, Unleash's).
 */
export function sessionRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const sessions = createSessionStore(deps.db);
    const cookieOf = (request: FastifyRequest) => request.cookies?.[SESSION_COOKIE];
    const revoked = async (request: FastifyRequest, sessionId: string, ownerId?: number) => {
      if (!(await sessions.revoke(sessionId, ownerId)))
        throw new NotFoundError(`Could not find a session with id ${sessionId}`);
      await createEventStore(deps.db).append({
        type: 'session-revoked',
        createdBy: actorName(request.principal),
        createdByUserId: actorUserId(request.principal),
        data: { sessionId, ...(ownerId !== undefined && { userId: ownerId }) },
      });
    };

    app.get(
      '/api/admin/user/sessions',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getMySessions',
            'List my sessions',
            "The signed-in user's active sessions, newest first: where each was opened, with which browser, and when it was last used. `current` marks the one this request came with.",
          ),
          response: { 200: SessionListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const found = await sessions.list({ userId, current: cookieOf(request) });
        return { sessions: found.map(toSessionResponse) };
      },
    );

    app.delete(
      '/api/admin/user/sessions/:sessionId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'revokeMySession',
            'Sign out one of my sessions',
            "Ends one of the signed-in user's sessions at once, for example on a lost laptop. Revoking the current session signs this browser out.",
          ),
          params: SessionIdParams,
          response: { 200: noContent('The session has ended.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await revoked(request, request.params.sessionId, signedInUserId(request.principal));
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/user-sessions',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'getActiveSessions',
            'List active sessions',
            "Every user's active sessions, newest first, or one user's with `userId`.",
          ),
          querystring: SessionListQuery,
          response: { 200: SessionListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const found = await sessions.list({ userId: request.query.userId, current: cookieOf(request) });
        return { sessions: found.map(toSessionResponse) };
      },
    );

    app.delete(
      '/api/admin/user-sessions/:sessionId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'revokeSession',
            'Revoke a session',
            "Ends anyone's session at once: the next request with it is refused (401).",
          ),
          params: SessionIdParams,
          response: { 200: noContent('The session has ended.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await revoked(request, request.params.sessionId);
        return reply.status(200).send();
      },
    );
  };
}
