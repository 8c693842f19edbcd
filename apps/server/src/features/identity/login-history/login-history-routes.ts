import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { toCsv } from '../../../http/csv.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { LoginEvent } from './login-event.ts';
import type { LoginEventStore } from './login-event-store.ts';

/** Unleash's loginEventSchema, snake_case as Unleash sends it, plus the user agent. */
const LoginEventResponse = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: Type.Union([Type.String(), Type.Null()], {
    description: 'What was typed, or the email SSO gave.',
  }),
  auth_type: Type.String({ description: '`simple` (password) or `oidc` (single sign-on).' }),
  created_at: Type.String({ format: 'date-time' }),
  successful: Type.Boolean(),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  failure_reason: Type.Union([Type.String(), Type.Null()]),
});

const LoginHistoryResponse = Type.Object(
  { events: Type.Array(LoginEventResponse) },
  {
    examples: [
      {
        events: [
          {
            id: 2,
            username: 'vera@example.com',
            auth_type: 'simple',
            created_at: '2026-11-26T09:30:00.000Z',
            successful: false,
            ip: '192.0.2.7',
            user_agent: 'Mozilla/5.0',
            failure_reason: 'Wrong username or password',
          },
        ],
      },
    ],
  },
);

const LoginHistoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  q: Type.Optional(
    Type.String({ maxLength: 200, description: 'Only attempts whose name or address contains this text.' }),
  ),
  successful: Type.Optional(
    Type.Boolean({ description: 'Only attempts that worked (`true`) or failed (`false`).' }),
  ),
});

const toLoginEventResponse = (event: LoginEvent) => ({
  id: event.id,
  username: event.username,
  auth_type: event.authType,
  created_at: event.createdAt.toISOString(),
  successful: event.successful,
  ip: event.ip,
  user_agent: event.userAgent,
  failure_reason: event.failureReason,
});

const COLUMNS = [
  'id',
  'username',
  'auth_type',
  'created_at',
  'successful',
  'ip',
  'user_agent',
  'failure_reason',
] as const;

/** Who tried to sign in, how, from where and whether it worked: for admins and READ_LOGS, as JSON or CSV. */
export function loginHistoryRoutes(deps: { logins: LoginEventStore }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/admin/logins',
      {
        config: { auth: { permission: 'READ_LOGS' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getLoginHistory',
            'Sign-in history',
            'Every sign-in attempt of the last 14 days, newest first: the name given, password or single sign-on, the client address and user agent, and why a failed one failed; `q` and `successful` filter. Send `Accept: text/csv` for a CSV file with the same columns.',
          ),
          querystring: LoginHistoryQuery,
          response: { 200: LoginHistoryResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const events = (
          await deps.logins.list({
            limit: request.query.limit ?? 1000,
            offset: request.query.offset ?? 0,
            text: request.query.q || undefined,
            successful: request.query.successful,
          })
        ).map(toLoginEventResponse);
        if ((request.headers.accept ?? '').includes('text/csv')) {
          const rows = events.map((event) => COLUMNS.map((column) => String(event[column] ?? '')));
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="login-history.csv"')
            .serializer((body: string) => body)
            .send(toCsv([...COLUMNS], rows) as never);
        }
        return { events };
      },
    );
  };
}
