import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import type { StrategyDefinition } from './strategy.ts';
import {
  CreateStrategyBody,
  NameParams,
  StrategyListResponse,
  StrategyNameParams,
  StrategyResponse,
  UpdateStrategyBody,
} from './strategy-schemas.ts';
import { createStrategyService } from './strategy-service.ts';
import { strategyUsageRoutes } from './strategy-usage-routes.ts';

export const toStrategyResponse = (strategy: StrategyDefinition) => ({
  title: strategy.title,
  name: strategy.name,
  displayName: strategy.title,
  description: strategy.description,
  editable: !strategy.builtIn,
  deprecated: strategy.deprecated,
  parameters: strategy.parameters,
});

/** /api/admin/strategies: built-in and custom strategy definitions, plus who uses them. */
export function strategyRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(StrategyResponse);
    const service = createStrategyService(deps.db);
    const tx = <T>(fn: (s: ReturnType<typeof createStrategyService>) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createStrategyService(t)));

    app.get(
      '/api/admin/strategies',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Strategies',
            'getAllStrategies',
            'List strategy definitions',
            'Lists the built-in strategies (not editable) and the custom ones, with their parameters, in display order.',
          ),
          response: { 200: StrategyListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ version: 1 as const, strategies: (await service.list()).map(toStrategyResponse) }),
    );

    app.get(
      '/api/admin/strategies/:name',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Strategies',
            'getStrategy',
            'Get a strategy definition',
            'Returns one strategy definition.',
          ),
          params: NameParams,
          response: {
            200: { ...StrategyResponse, $id: undefined, description: 'The strategy definition.' },
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => toStrategyResponse(await service.get(request.params.name)),
    );

    app.post(
      '/api/admin/strategies',
      {
        config: { auth: { permission: 'CREATE_STRATEGY' } },
        schema: {
          ...describe(
            'Strategies',
            'createStrategy',
            'Create a custom strategy',
            'Defines a custom strategy and its parameters. SDKs evaluate it only where the application registers an implementation under the same name.',
          ),
          body: CreateStrategyBody,
          response: {
            201: { ...StrategyResponse, $id: undefined, description: 'The created strategy definition.' },
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const strategy = await tx((s) => s.create(request.body, actorOf(request)));
        return reply
          .status(201)
          .header('location', `strategies/${strategy.name}`)
          .send(toStrategyResponse(strategy));
      },
    );

    app.put(
      '/api/admin/strategies/:name',
      {
        config: { auth: { permission: 'UPDATE_STRATEGY' } },
        schema: {
          ...describe(
            'Strategies',
            'updateStrategy',
            'Update a custom strategy',
            'Replaces the title, description and parameters of a custom strategy. Built-in strategies cannot be changed (403).',
          ),
          params: NameParams,
          body: UpdateStrategyBody,
          response: {
            200: noContent('The strategy was updated.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        if (request.body.name !== undefined && request.body.name !== name) {
          throw new BadDataError('A strategy cannot be renamed', [
            { message: `"name" must be "${name}" or left out`, path: '/body/name' },
          ]);
        }
        await tx((s) => s.update({ ...request.body, name }, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/strategies/:name',
      {
        config: { auth: { permission: 'DELETE_STRATEGY' } },
        schema: {
          ...describe(
            'Strategies',
            'removeStrategy',
            'Delete a custom strategy',
            'Deletes a custom strategy. Built-in strategies cannot be deleted (403); nor can strategies that flags still use (409, naming them): deprecate those instead.',
          ),
          params: NameParams,
          response: { 200: noContent('The strategy was deleted.'), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.remove(request.params.name, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/strategies/:strategyName/deprecate',
      {
        config: { auth: { permission: 'UPDATE_STRATEGY' } },
        schema: {
          ...describe(
            'Strategies',
            'deprecateStrategy',
            'Deprecate a strategy',
            'Marks a strategy as deprecated: flags keep using it, but it is no longer offered for new strategies. The `default` strategy cannot be deprecated (403).',
          ),
          params: StrategyNameParams,
          response: { 200: noContent('The strategy is deprecated.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.deprecate(request.params.strategyName, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/strategies/:strategyName/reactivate',
      {
        config: { auth: { permission: 'UPDATE_STRATEGY' } },
        schema: {
          ...describe(
            'Strategies',
            'reactivateStrategy',
            'Reactivate a strategy',
            'Makes a deprecated strategy available for new strategies again.',
          ),
          params: StrategyNameParams,
          response: { 200: noContent('The strategy is active.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.reactivate(request.params.strategyName, actorOf(request)));
        return reply.status(200).send();
      },
    );

    await app.register(strategyUsageRoutes(deps));
  };
}
