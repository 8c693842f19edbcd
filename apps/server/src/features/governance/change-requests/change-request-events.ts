import type { Db } from '../../../db/db.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createNotificationStore } from '../notifications/notification-store.ts';
import { type ChangeRequest, defaultTitle } from './change-request.ts';

/** Event types of change requests, as Unleash names them. */
export type ChangeRequestEventType =
  | 'change-request-created'
  | 'change-request-discarded'
  | 'change-added'
  | 'change-discarded'
  | 'change-edited'
  | 'change-request-sent-to-review'
  | 'change-request-approval-added'
  | 'change-request-approved'
  | 'change-request-rejected'
  | 'change-request-cancelled'
  | 'change-request-applied'
  | 'change-request-scheduled'
  | 'change-request-scheduled-application-success'
  | 'change-request-scheduled-application-failure'
  | 'change-request-schedule-suspended'
  | 'change-request-configuration-updated'
  | 'change-request-requested-approvers-updated';

/** Records one step of a change request in the event log. */
export async function recordChangeRequestEvent(
  db: Db,
  actor: Actor,
  type: ChangeRequestEventType,
  request: { id?: number; project: string; environment: string },
  data: Record<string, unknown> = {},
): Promise<void> {
  await createEventStore(db).append({
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: request.project,
    environment: request.environment,
    data: { ...(request.id === undefined ? {} : { changeRequestId: request.id }), ...data },
  });
}

/** Where the admin UI shows a request. */
export const linkTo = (request: Pick<ChangeRequest, 'id' | 'project'>): string =>
  `/projects/${encodeURIComponent(request.project)}/change-requests/${request.id}`;

/** Tells users something happened to a request; the actor is never told of their own doing. */
export async function notifyAbout(
  db: Db,
  actor: Actor,
  request: Pick<ChangeRequest, 'id' | 'project' | 'environment' | 'title'>,
  userIds: readonly (number | null)[],
  what: string,
): Promise<void> {
  const title = request.title ?? defaultTitle(request.id);
  await createNotificationStore(db).notify(
    userIds.filter((id): id is number => id !== null),
    {
      type: 'change-request',
      message: `${actor.name} ${what} "${title}" (${request.project}, ${request.environment})`,
      link: linkTo(request),
    },
    actor,
  );
}
