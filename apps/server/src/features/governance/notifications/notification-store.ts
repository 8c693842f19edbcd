import type { Db } from '../../../db/db.ts';
import type { Actor } from '../../flag-model/events/actor.ts';

/** One message for one user: a review asked of them, news of their own change request, or a token about to expire. */
export type Notification = {
  id: number;
  type: 'change-request' | 'token-expiry';
  message: string;
  link: string;
  createdBy: string;
  createdAt: Date;
  readAt: Date | null;
};
export type NewNotification = { type: Notification['type']; message: string; link: string };

/** How many notifications a user sees: the newest ones. */
const SHOWN = 100;

export function createNotificationStore(db: Db) {
  return {
    /** Notifies each user once; the actor is never notified of their own doing. */
    async notify(userIds: readonly number[], notification: NewNotification, actor: Actor): Promise<void> {
      const recipients = [...new Set(userIds)].filter((id) => id !== actor.userId);
      if (recipients.length === 0) return;
      await db.query(
        `INSERT INTO notifications (user_id, notification_type, message, link, created_by, created_by_user_id)
         SELECT unnest($1::int[]), $2, $3, $4, $5, $6`,
        [recipients, notification.type, notification.message, notification.link, actor.name, actor.userId],
      );
    },
    async list(userId: number): Promise<Notification[]> {
      const rows = await db.query<{
        id: number;
        notification_type: Notification['type'];
        message: string;
        link: string;
        created_by: string;
        created_at: Date;
        read_at: Date | null;
      }>(
        `SELECT id, notification_type, message, link, created_by, created_at, read_at FROM notifications
          WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${SHOWN}`,
        [userId],
      );
      return rows.map((row) => ({
        id: row.id,
        type: row.notification_type,
        message: row.message,
        link: row.link,
        createdBy: row.created_by,
        createdAt: row.created_at,
        readAt: row.read_at,
      }));
    },
    /** Marks the user's own notifications among `ids` as read; others' ids change nothing. */
    async markRead(userId: number, ids: readonly number[]): Promise<void> {
      await db.query(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND id = ANY($2) AND read_at IS NULL',
        [userId, ids],
      );
    },
  };
}
