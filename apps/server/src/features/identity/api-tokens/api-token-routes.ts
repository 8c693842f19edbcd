import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ApiTokenAction, allows, apiTokenPermissions } from '@switchyard/access';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { inTransaction } from '../../../db/db.ts';
import { actorName, actorUserId, type RouteAuth } from '../../../http/auth.ts';
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
import { tokenPermissionRule, type TokenReach } from './api-token-access.ts';
import { createApiTokenService, tokenTypeOf } from './api-token-service.ts';

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

/**
 * /api/admin/api-tokens: tokens for SDKs and scripts. Each kind of token has its own permissions (Unleash's
 * CREATE_CLIENT_API_TOKEN and the like, which Editors hold); admin tokens, and tokens that reach private projects the
 * caller cannot see, need ADMIN (api-token-access.ts). The authorization hook decides, from what each request acts on.
 */
export function apiTokenRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ApiTokenResponse);
    const service = createApiTokenService(deps.db);
    const actor = (request: { principal?: Parameters<typeof actorName>[0] }) => ({
      name: actorName(request.principal),
      userId: actorUserId(request.principal),
    });
    /** ADMIN, or the permission the action needs on the token `target` names (none: ADMIN alone). */
    const byToken = (
      action: ApiTokenAction,
      target: (request: FastifyRequest) => Promise<TokenReach | undefined>,
    ): { auth: RouteAuth } => ({
      auth: {
        permission: 'ADMIN',
        orOneOf: {
          among: apiTokenPermissions(action),
          pick: async (request) => {
            const token = await target(request);
            if (!token) return [];
            return [(await tokenPermissionRule(deps.db, request.access))(action, token)];
          },
        },
      },
    });
    const named = (request: FastifyRequest) => service.find((request.params as { token: string }).token);
    const requested = async (request: FastifyRequest): Promise<TokenReach | undefined> => {
      const body = request.body as
        { type?: unknown; project?: unknown; projects?: unknown; imported?: unknown } | undefined;
      // Importing may keep a secret too short for a new token: ADMIN's alone, whatever the kind.
      if (body?.imported === true) return undefined;
      const type = tokenTypeOf(body?.type);
      const projects = Array.isArray(body?.projects)
        ? body.projects.map(String)
        : typeof body?.project === 'string'
          ? [body.project]
          : ['*'];
      return type && { type, projects };
    };
    /** A list shows the tokens the caller may read: lists are let through for either read permission. */
    const LIST = {
      auth: {
        permission: 'ADMIN',
        orOneOf: { among: apiTokenPermissions('READ'), pick: async () => apiTokenPermissions('READ') },
      },
    } satisfies { auth: RouteAuth };
    const readable = async (request: FastifyRequest, tokens: ApiToken[]) => {
      const rule = await tokenPermissionRule(deps.db, request.access);
      return tokens.filter((token) => request.access && allows(request.access, rule('READ', token)));
    };

    app.get(
      '/api/admin/api-tokens',
      {
        config: LIST,
        schema: {
          ...describe(
            'API tokens',
            'getAllApiTokens',
            'List API tokens',
            'Lists the API tokens the caller may read, with their masked secret, type, projects, environment and expiry: every kind for an Admin, client and frontend tokens for READ_CLIENT_API_TOKEN and READ_FRONTEND_API_TOKEN.',
          ),
          response: { 200: ApiTokenListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        tokens: (await readable(request, await service.list())).map(toApiTokenResponse),
      }),
    );

    app.get(
      '/api/admin/api-tokens/:name',
      {
        config: LIST,
        schema: {
          ...describe(
            'API tokens',
            'getApiTokensByName',
            'List API tokens with a name',
            'Lists the API tokens whose name is exactly `name`, of those the caller may read.',
          ),
          params: NameParams,
          response: { 200: ApiTokenListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        tokens: (await readable(request, await service.listByName(request.params.name))).map(
          toApiTokenResponse,
        ),
      }),
    );

    app.post(
      '/api/admin/api-tokens',
      {
        config: byToken('CREATE', requested),
        schema: {
          ...describe(
            'API tokens',
            'createApiToken',
            'Create an API token',
            'Creates a client (backend), frontend or admin token scoped to projects and one environment: a client or frontend token needs its kind’s permission, a token that reaches a private project the caller is no member of (every project does) needs ADMIN. The response holds the full secret; it is stored hashed and never shown again. `secret` keeps a secret SDKs already use, e.g. when moving from another server: it must be unused, its prefix must match the scope, and it has at least 16 characters unless `imported` (ADMIN only) says it is an existing token’s.',
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
        if (body.imported && body.secret === undefined) {
          throw new BadDataError('"imported" needs the existing token\'s "secret"', [
            { message: '"imported" needs "secret"', path: '/body/imported' },
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
            body.secret === undefined ? undefined : { secret: body.secret, imported: body.imported },
          ),
        );
        return reply.status(201).send(toApiTokenResponse(token));
      },
    );

    app.put(
      '/api/admin/api-tokens/:token',
      {
        config: byToken('UPDATE', named),
        schema: {
          ...describe(
            'API tokens',
            'updateApiToken',
            'Change when an API token expires',
            'Sets a new expiry time on the token (its kind’s permission, as for creating it). Only the expiry can change; create a new token to change its scope.',
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
        config: byToken('DELETE', named),
        schema: {
          ...describe(
            'API tokens',
            'deleteApiToken',
            'Delete an API token',
            'Deletes the token at once (its kind’s permission, as for creating it): SDKs using it get 401 from their next request.',
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
