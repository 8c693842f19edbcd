import { Type } from 'typebox';

const exampleNotification = {
  id: 12,
  message: 'ada asks you to review change request #4 in production',
  link: '/projects/default/change-requests/4',
  notificationType: 'change-request',
  createdBy: { username: 'ada', imageUrl: null },
  createdAt: '2026-11-26T10:00:00.000Z',
  readAt: null,
};

export const NotificationsResponse = Type.Array(
  Type.Object({
    id: Type.Integer(),
    message: Type.String(),
    link: Type.String({ description: 'Where in the admin UI the notification leads.' }),
    notificationType: Type.String({
      enum: ['change-request', 'toggle', 'token-expiry'],
      description: 'token-expiry: Switchyard’s, an API token or personal access token expires within a week.',
    }),
    createdBy: Type.Object({
      username: Type.Union([Type.String(), Type.Null()]),
      imageUrl: Type.Union([Type.String(), Type.Null()]),
    }),
    createdAt: Type.String({ format: 'date-time' }),
    readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  { examples: [[exampleNotification]] },
);

export const MarkReadBody = Type.Object(
  {
    notifications: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 1000,
      description: 'Ids of your notifications to mark as read.',
    }),
  },
  { additionalProperties: false, examples: [{ notifications: [12, 13] }] },
);
