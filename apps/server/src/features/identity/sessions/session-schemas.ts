import { Type } from 'typebox';

const exampleSession = {
  id: '42',
  userId: 7,
  username: 'ada',
  email: 'ada@example.com',
  ip: '198.51.100.4',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  createdAt: '2026-11-26T09:00:00.000Z',
  seenAt: '2026-11-26T11:30:00.000Z',
  expiredAt: '2026-11-28T09:00:00.000Z',
  current: true,
};

/** A session as Unleash's active-session list shows it, with the user agent as sent. */
export const SessionResponse = Type.Object({
  id: Type.String({ description: 'The id to revoke the session by (not the cookie, which is never shown).' }),
  userId: Type.Integer(),
  username: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()], { description: 'The address the session was opened from.' }),
  userAgent: Type.Union([Type.String(), Type.Null()], { description: 'The browser that opened it.' }),
  createdAt: Type.String({ format: 'date-time' }),
  seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it was last used, to the minute.',
  }),
  expiredAt: Type.String({ format: 'date-time', description: 'When it ends unless revoked first.' }),
  current: Type.Boolean({ description: 'The session this request came with.' }),
});

export const SessionListResponse = Type.Object(
  { sessions: Type.Array(SessionResponse) },
  { examples: [{ sessions: [exampleSession] }] },
);

export const SessionIdParams = Type.Object({
  sessionId: Type.String({ pattern: '^[0-9]{1,18}$', description: 'A session id from the list.' }),
});

export const SessionListQuery = Type.Object({
  userId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the sessions of this user.' })),
});
