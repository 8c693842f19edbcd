import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { toApiTokenResponse } from './api-token-routes.ts';
import { ApiTokenResponse } from './api-token-schemas.ts';
import { createApiTokenService, toTokenType } from './api-token-service.ts';
import { createApiTokenStore } from './api-token-store.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { ProjectParams } from '../../flag-model/projects/project-schemas.ts';
import { createProjectStore } from '../../flag-model/projects/project-store.ts';

const TokenSchema = { ...ApiTokenResponse, $id: undefined };

const ProjectTokenListResponse = Type.Object(
  { tokens: Type.Array(TokenSchema) },
  {
    examples: [
      {
        tokens: [
          {
            secret: 'checkout:production.be7f1a4e6b1c47bd9a3d*****',
            tokenName: 'checkout-service',
            username: 'checkout-service',
            type: 'client',
            project: 'checkout',
            projects: ['checkout'],
            environment: 'production',
            expiresAt: null,
            createdAt: '2026-01-15T10:00:00.000Z',
            seenAt: null,
            alias: null,
          },
        ],
      },
    ],
  },
);

const CreateProjectTokenBody = Type.Object(
  {
    tokenName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'What the token is for.' }),
    ),
    username: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Older name of tokenName.' }),
    ),
    type: Type.String({
      minLength: 1,
      description: '`client` (or `backend`) for server-side SDKs, `frontend` for browser SDKs.',
    }),
    environment: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to `development`.' })),
    expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  {
    additionalProperties: false,
    examples: [{ tokenName: 'checkout-service', type: 'client', environment: 'production' }],
  },
);

const TokenParams = Type.Object({
  projectId: Type.String({ description: 'The project id.' }),
  token: Type.String({ description: 'The full secret or the masked secret shown in lists.' }),
});

/**
 * /api/admin/projects/{projectId}/api-tokens: the tokens scoped to one project. They are ordinary API tokens
 * (see /api/admin/api-tokens); managing them needs the project API token permissions of a project owner.
 */
export function projectApiTokenRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const checkProject = async (db: Db, projectId: string) => {
      if (!(await createProjectStore(db).exists(projectId))) {
        throw new NotFoundError(`Could not find project with id ${projectId}`);
      }
    };

    app.get(
      '/api/admin/projects/:projectId/api-tokens',
      {
        config: { auth: { permission: 'READ_PROJECT_API_TOKEN', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectApiTokens',
            "List a project's API tokens",
            'Lists the API tokens whose projects name this project (tokens for all projects are not listed).',
          ),
          params: ProjectParams,
          response: { 200: ProjectTokenListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        await checkProject(deps.db, projectId);
        const tokens = await createApiTokenService(deps.db).list();
        return { tokens: tokens.filter((t) => t.projects.includes(projectId)).map(toApiTokenResponse) };
      },
    );

    app.post(
      '/api/admin/projects/:projectId/api-tokens',
      {
        config: { auth: { permission: 'CREATE_PROJECT_API_TOKEN', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'createProjectApiToken',
            'Create an API token for a project',
            'Creates a client or frontend token that reads this project only, in one environment. The response holds the full secret; it is never shown again.',
          ),
          params: ProjectParams,
          body: CreateProjectTokenBody,
          response: {
            201: { ...TokenSchema, description: 'The created token, with its full secret.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { projectId } = request.params;
        const body = request.body;
        const tokenName = body.tokenName ?? body.username;
        if (!tokenName) {
          throw new BadDataError('"tokenName" is required', [
            { message: '"tokenName" is required', path: '/body/tokenName' },
          ]);
        }
        if (toTokenType(body.type) === 'admin') {
          const message = 'A project token must be a client (backend) or frontend token';
          throw new BadDataError(message, [{ message, path: '/body/type' }]);
        }
        const token = await inTransaction(deps.db, async (tx) => {
          await checkProject(tx, projectId);
          return createApiTokenService(tx).create(
            {
              tokenName,
              type: body.type,
              environment: body.environment,
              projects: [projectId],
              expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            },
            actorOf(request),
          );
        });
        return reply.status(201).send(toApiTokenResponse(token));
      },
    );

    app.delete(
      '/api/admin/projects/:projectId/api-tokens/:token',
      {
        config: { auth: { permission: 'DELETE_PROJECT_API_TOKEN', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'deleteProjectApiToken',
            "Delete a project's API token",
            'Deletes a token scoped to this project alone. A token that covers several projects is refused here; delete it with deleteApiToken.',
          ),
          params: TokenParams,
          response: { 200: noContent('The token was deleted.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, token: key } = request.params;
        await inTransaction(deps.db, async (tx) => {
          await checkProject(tx, projectId);
          const token = await createApiTokenStore(tx).findByKey(key);
          if (!token || !token.projects.includes(projectId)) {
            throw new NotFoundError(`Project ${projectId} has no API token with that secret`);
          }
          if (token.projects.length > 1) {
            const message = `This token covers several projects (${token.projects.join(', ')}); delete it with DELETE /api/admin/api-tokens/{token}`;
            throw new BadDataError(message, [{ message, path: '/params/token' }]);
          }
          await createApiTokenService(tx).delete(key, actorOf(request));
        });
        app.forgetCredentials();
        return reply.status(200).send();
      },
    );
  };
}
