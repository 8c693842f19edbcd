import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { signedInUserId } from '../../identity/index.ts';
import { createUserPromptStore, type Feedback } from './user-prompt-store.ts';

const PromptId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' });
const FeedbackResponse = Type.Object(
  {
    userId: Type.Integer(),
    feedbackId: Type.String(),
    neverShow: Type.Boolean({ description: 'The user asked never to see this prompt again.' }),
    given: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the user answered.',
    }),
  },
  {
    examples: [{ userId: 7, feedbackId: 'pnps', neverShow: false, given: '2026-01-15T10:00:00.000Z' }],
  },
);
const toFeedbackResponse = (feedback: Feedback) => ({
  ...feedback,
  given: feedback.given?.toISOString() ?? null,
});
const who =
  'For the signed-in user (or the user of a personal access token); an API token is refused with 403.';

/** What each user did with the admin UI's splash screens and feedback prompts, so it asks no one twice. */
export function userPromptRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const prompts = createUserPromptStore(deps.db);

    app.post(
      '/api/admin/splash/:id',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'updateSplashSettings',
            'Mark a splash screen as seen',
            `Records that the user has seen the admin UI's splash screen \`id\`. ${who}`,
          ),
          params: Type.Object({ id: PromptId }),
          response: {
            200: Type.Object(
              { userId: Type.Integer(), splashId: Type.String(), seen: Type.Literal(true) },
              { examples: [{ userId: 7, splashId: 'new-ui', seen: true }] },
            ),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        await prompts.markSplashSeen(userId, request.params.id);
        return { userId, splashId: request.params.id, seen: true as const };
      },
    );

    app.post(
      '/api/admin/feedback',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'createFeedback',
            'Answer a feedback prompt',
            `Records that the user answered the admin UI's feedback prompt \`feedbackId\` now, and whether it should never be shown again. ${who}`,
          ),
          body: Type.Object(
            { feedbackId: PromptId, neverShow: Type.Optional(Type.Boolean()) },
            { examples: [{ feedbackId: 'pnps', neverShow: false }] },
          ),
          response: { 200: FeedbackResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const { feedbackId, neverShow } = request.body;
        return toFeedbackResponse(
          await prompts.saveFeedback(userId, feedbackId, { neverShow, given: new Date() }),
        );
      },
    );

    app.put(
      '/api/admin/feedback/:id',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'updateFeedback',
            'Change a feedback answer',
            `Changes the user's answer to feedback prompt \`id\`: \`neverShow\` and \`given\` (when it was answered); what is left out stays. ${who}`,
          ),
          params: Type.Object({ id: PromptId }),
          body: Type.Object(
            {
              userId: Type.Optional(
                Type.Integer({ description: 'Ignored: the answer is always the caller’s.' }),
              ),
              neverShow: Type.Optional(Type.Boolean()),
              given: Type.Optional(Type.String({ format: 'date-time' })),
            },
            { examples: [{ neverShow: true }] },
          ),
          response: { 200: FeedbackResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const { neverShow, given } = request.body;
        const feedback = await prompts.saveFeedback(userId, request.params.id, {
          neverShow,
          given: given === undefined ? undefined : new Date(given),
        });
        return toFeedbackResponse(feedback);
      },
    );
  };
}
