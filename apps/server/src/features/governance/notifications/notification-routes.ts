import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { actorUserId } from '../../../http/auth.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createNotificationStore } from './notification-store.ts';
import { MarkReadBody, NotificationsResponse } from './notification-schemas.ts';

/** /api/admin/notifications: the signed-in user's own notifications. API tokens have none. */
export function notificationRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const store = createNotificationStore(deps.db);

    app.get(
      '/api/admin/notifications',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Notifications',
            'getNotifications',
            'List your notifications',
            'The newest 100 notifications of the signed-in user, newest first: change requests you are asked to review, and your own requests that were approved, rejected, applied or failed to apply. An API token has none.',
          ),
          response: { 200: NotificationsResponse, ...errorResponses(401) },
        },
      },
      async (request) => {
        const userId = actorUserId(request.principal);
        if (userId === null) return [];
        return (await store.list(userId)).map((n) => ({
          id: n.id,
          message: n.message,
          link: n.link,
          notificationType: n.type,
          createdBy: { username: n.createdBy, imageUrl: null },
          createdAt: n.createdAt.toISOString(),
          readAt: n.readAt?.toISOString() ?? null,
        }));
      },
    );

    app.post(
      '/api/admin/notifications/read',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Notifications',
            'markNotificationsAsRead',
            'Mark notifications as read',
            'Marks the listed notifications of the signed-in user as read. Ids of notifications that are not yours change nothing.',
          ),
          body: MarkReadBody,
          response: { 200: noContent('Marked.'), ...errorResponses(400, 401, 415) },
        },
      },
      async (request, reply) => {
        const userId = actorUserId(request.principal);
        if (userId !== null) await store.markRead(userId, request.body.notifications);
        return reply.status(200).send();
      },
    );
  };
}
