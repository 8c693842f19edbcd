import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { isRootRoleType } from '@switchyard/access';
import { createRoleStore, rootRoleIdOf } from '../../governance/index.ts';
import { CreatePatBody } from '../users/user-schemas.ts';
import { toPatResponse, toRoleResponse } from '../users/user-wire.ts';
import {
  CreateServiceAccountBody,
  ServiceAccountListResponse,
  ServiceAccountParams,
  ServiceAccountResponse,
  ServiceAccountTokenListResponse,
  ServiceAccountTokenParams,
  ServiceAccountTokenResponse,
  UpdateServiceAccountBody,
} from './service-account-schemas.ts';
import {
  createServiceAccountService,
  type ServiceAccount,
  type ServiceAccountService,
} from './service-account-service.ts';

const AREA = 'Service Accounts';

export const toServiceAccountResponse = (account: ServiceAccount) => ({
  id: account.id,
  username: account.username ?? `service-${account.id}`,
  name: account.name,
  rootRole: account.rootRole,
  rootRoleName: account.rootRoleName,
  isAPI: true,
  createdAt: account.createdAt.toISOString(),
  seenAt: latest(account.tokens.map((token) => token.seenAt)),
  tokens: account.tokens.map((token) => toPatResponse(token)),
});

function latest(dates: (Date | null)[]): string | null {
  const times = dates.filter((date): date is Date => date !== null).map((date) => date.getTime());
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
}

/** /api/admin/service-account: accounts for scripts and pipelines that act only through their tokens. */
export function serviceAccountRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ServiceAccountResponse);
    const service = createServiceAccountService(deps.db);
    const tx = <T>(fn: (s: ServiceAccountService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createServiceAccountService(t)));
    const accountResponse = (description: string) => ({
      ...ServiceAccountResponse,
      $id: undefined,
      description,
    });

    app.get(
      '/api/admin/service-account',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'getServiceAccounts',
            'List service accounts',
            'Lists every service account with its root role and its tokens (without secrets), and the root roles an account can have.',
          ),
          response: { 200: ServiceAccountListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({
        serviceAccounts: (await service.list()).map(toServiceAccountResponse),
        rootRoles: (await createRoleStore(deps.db).list())
          .filter((role) => isRootRoleType(role.type))
          .map(toRoleResponse),
      }),
    );

    app.post(
      '/api/admin/service-account',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'createServiceAccount',
            'Create a service account',
            'Creates a service account with a root role. It cannot sign in; give it a token to act with.',
          ),
          body: CreateServiceAccountBody,
          response: {
            201: accountResponse('The created service account.'),
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const { username, name } = request.body;
        const rootRole = await rootRoleIdOf(createRoleStore(deps.db), request.body.rootRole);
        const account = await tx((s) => s.create({ username, name, rootRole }, actorOf(request)));
        return reply.status(201).send(toServiceAccountResponse(account));
      },
    );

    app.put(
      '/api/admin/service-account/:id',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'updateServiceAccount',
            'Update a service account',
            'Changes the name or the root role of a service account. Its tokens act with the new role at once.',
          ),
          params: ServiceAccountParams,
          body: UpdateServiceAccountBody,
          response: {
            200: accountResponse('The service account after the change.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) => {
        const { name } = request.body;
        const rootRole =
          request.body.rootRole === undefined
            ? undefined
            : await rootRoleIdOf(createRoleStore(deps.db), request.body.rootRole);
        const account = await tx((s) => s.update(request.params.id, { name, rootRole }, actorOf(request)));
        return toServiceAccountResponse(account);
      },
    );

    app.delete(
      '/api/admin/service-account/:id',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'deleteServiceAccount',
            'Delete a service account',
            'Deletes a service account; its tokens stop working at once. Its past changes stay in the event log.',
          ),
          params: ServiceAccountParams,
          response: { 200: noContent('Deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(request.params.id, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/service-account/:id/token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'getServiceAccountTokens',
            'List the tokens of a service account',
            'Lists the tokens of a service account, without their secrets.',
          ),
          params: ServiceAccountParams,
          response: { 200: ServiceAccountTokenListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        pats: (await service.tokens(request.params.id)).map((token) => toPatResponse(token)),
      }),
    );

    app.post(
      '/api/admin/service-account/:id/token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'createServiceAccountToken',
            'Create a token for a service account',
            'Creates a token that acts as the service account, with its root role, until it expires. The secret is in this response only.',
          ),
          params: ServiceAccountParams,
          body: CreatePatBody,
          response: {
            201: { ...ServiceAccountTokenResponse, description: 'The token, with its secret.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { token, secret } = await tx((s) =>
          s.createToken(request.params.id, request.body, actorOf(request)),
        );
        return reply.status(201).send(toPatResponse(token, secret));
      },
    );

    app.delete(
      '/api/admin/service-account/:id/token/:tokenId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'deleteServiceAccountToken',
            'Delete a token of a service account',
            'Deletes one token of a service account; it stops working at once.',
          ),
          params: ServiceAccountTokenParams,
          response: { 200: noContent('Deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.deleteToken(request.params.id, request.params.tokenId, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
