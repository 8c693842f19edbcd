import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { inTransaction } from '../../../db/db.ts';
import { actorName, actorUserId } from '../../../http/auth.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import type { ApiToken } from './api-token.ts';
import {
  ApiTokenListResponse,
  ApiTokenResponse,
  CreateApiTokenBody,
  NameParams,
  TokenParams,
  UpdateApiTokenBody,
} from './api-token-schemas.ts';
import { createApiTokenService } from './api-token-service.ts';

export function toApiTokenResponse(token: ApiToken & { secret?: string }) {
  const project = token.projects.includes('*')
    ? '*'
    : token.projects.length === 1
      ? token.projects[0]!
      : '[]';
  return {
    secret: token.secret ?? token.displaySecret,
    tokenName: token.tokenName,
    username: token.tokenName,
    type: token.type,
    project,
    projects: token.projects,
    environment: token.environment,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    createdAt: token.createdAt.toISOString(),
    seenAt: token.seenAt?.toISOString() ?? null,
    alias: null,
  };
}

/** /api/admin/api-tokens: tokens for SDKs and scripts. Managing them needs ADMIN for now: one
 * route serves client, frontend and admin tokens alike, so the type-specific permissions Unleash gives Editors
 * (CREATE_CLIENT_API_TOKEN and the like) wait until the check can read the token type (decision record 0005).
 */
export function apiTokenRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ApiTokenResponse);
    const service = createApiTokenService(deps.db);
    const actor = (request: { principal?: Parameters<typeof actorName>[0] }) => ({
      name: actorName(request.principal),
      userId: actorUserId(request.principal),
    });

    app.get(
      '/api/admin/api-tokens',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'API tokens',
            'getAllApiTokens',
            'List API tokens',
            'Lists every API token with its masked secret, type, projects, environment and expiry.',
          ),
          response: { 200: ApiTokenListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ tokens: (await service.list()).map(toApiTokenResponse) }),
    );

    app.get(
      '/api/admin/api-tokens/:name',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'API tokens',
            'getApiTokensByName',
            'List API tokens with a name',
            'Lists the API tokens whose name is exactly `name`.',
          ),
          params: NameParams,
          response: { 200: ApiTokenListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        tokens: (await service.listByName(request.params.name)).map(toApiTokenResponse),
      }),
    );

    app.post(
      '/api/admin/api-tokens',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'API tokens',
            'createApiToken',
            'Create an API token',
            'Creates a client (backend), frontend or admin token scoped to projects and one environment. The response holds the full secret; it is stored hashed and never shown again. `secret` keeps a secret SDKs already use, e.g. when moving from another server: it must be unused and its prefix must match the scope.',
          ),
          body: CreateApiTokenBody,
          response: {
            201: {
              ...ApiTokenResponse,
              $id: undefined,
              description: 'The created token, with its full secret.',
            },
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const tokenName = body.tokenName ?? body.username;
        if (!tokenName) {
          throw new BadDataError('"tokenName" is required', [
            { message: '"tokenName" is required', path: '/body/tokenName' },
          ]);
        }
        const projects = body.projects ?? (body.project ? [body.project] : undefined);
        const token = await inTransaction(deps.db, (tx) =>
          createApiTokenService(tx).create(
            {
              tokenName,
              type: body.type,
              environment: body.environment,
              projects,
              expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
            },
            actor(request),
            body.secret,
          ),
        );
        return reply.status(201).send(toApiTokenResponse(token));
      },
    );

    app.put(
      '/api/admin/api-tokens/:token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'API tokens',
            'updateApiToken',
            'Change when an API token expires',
            'Sets a new expiry time on the token. Only the expiry can change; create a new token to change its scope.',
          ),
          params: TokenParams,
          body: UpdateApiTokenBody,
          response: { 200: noContent('The expiry was updated.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (tx) =>
          createApiTokenService(tx).updateExpiry(
            request.params.token,
            new Date(request.body.expiresAt),
            actor(request),
          ),
        );
        app.forgetCredentials();
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/api-tokens/:token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'API tokens',
            'deleteApiToken',
            'Delete an API token',
            'Deletes the token at once: SDKs using it get 401 from their next request.',
          ),
          params: TokenParams,
          response: { 200: noContent('The token was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (tx) =>
          createApiTokenService(tx).delete(request.params.token, actor(request)),
        );
        app.forgetCredentials();
        return reply.status(200).send();
      },
    );
  };
}
