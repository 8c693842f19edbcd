import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorName, actorUserId, type Principal } from '../../../http/auth.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';

export const UI_ERROR_MESSAGE_MAX = 1000;
export const UI_ERROR_STACK_MAX = 10_000;
/** Logged errors per caller and minute; more are answered alike and dropped, so a looping page cannot flood the log. */
export const UI_ERRORS_PER_MINUTE = 10;

/** Counts each caller's reports in a fixed one-minute window, in this process's memory. */
export function createUiErrorBudget(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): boolean => {
    const time = now();
    // Pruned as it grows, so no timer is needed.
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (time - w.start >= 60_000) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || time - window.start >= 60_000) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count <= options.perMinute;
  };
}

const callerKey = (principal: Principal | undefined) =>
  principal?.kind === 'user' ? `user:${principal.userId}` : `token:${actorName(principal)}`;

/** Errors the admin UI could not handle, written to the server log where operators already look. */
export function uiErrorRoutes(deps: { now?: () => number } = {}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const withinBudget = createUiErrorBudget({ perMinute: UI_ERRORS_PER_MINUTE, now: deps.now });
    app.post(
      '/api/admin/record-ui-error',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'uiObservability',
            'Report an admin UI error',
            `The admin UI sends the errors it could not handle here; the server logs each at warn level with the user's id. At most ${UI_ERRORS_PER_MINUTE} a minute per user are logged; the rest are answered alike and dropped.`,
          ),
          body: Type.Object(
            {
              errorMessage: Type.String({ minLength: 1, maxLength: UI_ERROR_MESSAGE_MAX }),
              errorStack: Type.Optional(Type.String({ maxLength: UI_ERROR_STACK_MAX })),
            },
            {
              examples: [
                {
                  errorMessage: "Cannot read properties of undefined (reading 'name')",
                  errorStack: 'TypeError: …\n    at FlagPage (flag-page.tsx:42:17)',
                },
              ],
            },
          ),
          response: { 204: noContent('Received.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        if (withinBudget(callerKey(request.principal))) {
          request.log.warn(
            {
              userId: actorUserId(request.principal),
              caller: actorName(request.principal),
              errorMessage: request.body.errorMessage,
              errorStack: request.body.errorStack,
            },
            'admin UI error',
          );
        }
        return reply.status(204).send();
      },
    );
  };
}
