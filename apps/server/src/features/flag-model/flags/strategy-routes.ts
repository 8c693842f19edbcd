import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { EnvironmentParams, PatchBody } from './flag-schemas.ts';
import { toStrategyResponse } from './flag-wire.ts';
import type { PatchOperation } from './json-patch.ts';
import { checkPatched } from './patched-body.ts';
import { actorOf } from './request-actor.ts';
import { validateConstraints } from './strategy-input.ts';
import {
  ConstraintBody,
  CreateStrategyBody,
  SortOrderBody,
  StrategyListResponse,
  StrategyParams,
  StrategyResponse,
  UpdateStrategyBody,
} from './strategy-schemas.ts';
import { createStrategyService } from './strategy-service.ts';

const STRATEGIES =
  '/api/admin/projects/:projectId/features/:featureName/environments/:environment/strategies';
const STRATEGY = `${STRATEGIES}/:strategyId`;
const RULES =
  'The strategy type must be built in or defined under /api/admin/strategies; constraint values are checked per operator; segment ids must exist. flexibleRollout gets rollout 100, the project’s default stickiness and the flag name as groupId when they are left out.';

/** Strategies of a flag in one environment, in the order SDKs evaluate them. */
export function strategyRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    app.get(
      STRATEGIES,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatureStrategies',
            'List the strategies of a flag in an environment',
            'The strategies in evaluation order (sortOrder, then the order they were added).',
          ),
          params: EnvironmentParams,
          response: { 200: StrategyListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        return (await createStrategyService(db).list(projectId, featureName, environment)).map(
          toStrategyResponse,
        );
      },
    );

    app.post(
      STRATEGIES,
      {
        config: {
          auth: {
            permission: 'CREATE_FEATURE_STRATEGY',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'addFeatureStrategy',
            'Add a strategy to a flag in an environment',
            `Adds the strategy after the existing ones unless a sortOrder is given. ${RULES}`,
          ),
          params: EnvironmentParams,
          body: CreateStrategyBody,
          response: { 200: StrategyResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const actor = actorOf(request);
        const strategy = await inTransaction(db, (tx) =>
          createStrategyService(tx).add(projectId, featureName, environment, request.body, actor),
        );
        return toStrategyResponse(strategy);
      },
    );

    app.get(
      STRATEGY,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatureStrategy',
            'Get a strategy',
            'One strategy of the flag in the environment.',
          ),
          params: StrategyParams,
          response: { 200: StrategyResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment, strategyId } = request.params;
        return toStrategyResponse(
          await createStrategyService(db).get(projectId, featureName, environment, strategyId),
        );
      },
    );

    app.put(
      STRATEGY,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_STRATEGY',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'updateFeatureStrategy',
            'Update a strategy',
            `Replaces the fields given; fields left out keep their value. When no active strategy remains the environment is turned off. ${RULES}`,
          ),
          params: StrategyParams,
          body: UpdateStrategyBody,
          response: { 200: StrategyResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment, strategyId } = request.params;
        const actor = actorOf(request);
        const strategy = await inTransaction(db, (tx) =>
          createStrategyService(tx).update(
            projectId,
            featureName,
            environment,
            strategyId,
            request.body,
            actor,
          ),
        );
        return toStrategyResponse(strategy);
      },
    );

    app.patch(
      STRATEGY,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_STRATEGY',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'patchFeatureStrategy',
            'Change a strategy with JSON Patch',
            `Applies RFC 6902 operations to the strategy as GET shows it (name, title, disabled, sortOrder, parameters, constraints, variants, segments), then validates it like PUT. ${RULES}`,
          ),
          params: StrategyParams,
          body: PatchBody,
          response: { 200: StrategyResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment, strategyId } = request.params;
        const actor = actorOf(request);
        const strategy = await inTransaction(db, (tx) =>
          createStrategyService(tx).patch(
            projectId,
            featureName,
            environment,
            strategyId,
            request.body as PatchOperation[],
            actor,
            (patched) => checkPatched<CreateStrategyBody>(CreateStrategyBody, patched),
          ),
        );
        return toStrategyResponse(strategy);
      },
    );

    app.delete(
      STRATEGY,
      {
        config: {
          auth: {
            permission: 'DELETE_FEATURE_STRATEGY',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'deleteFeatureStrategy',
            'Delete a strategy',
            'Removes the strategy. When no active strategy remains the environment is turned off, as in Unleash.',
          ),
          params: StrategyParams,
          response: { 200: noContent('The strategy was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName, environment, strategyId } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createStrategyService(tx).delete(projectId, featureName, environment, strategyId, actor),
        );
        return reply.status(200).send();
      },
    );

    app.post(
      `${STRATEGIES}/set-sort-order`,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_STRATEGY',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'setStrategySortOrder',
            'Reorder the strategies of a flag in an environment',
            'Sets the sortOrder of each listed strategy (lower runs first); strategies not listed keep theirs.',
          ),
          params: EnvironmentParams,
          body: SortOrderBody,
          response: { 200: noContent('The order was saved.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName, environment } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createStrategyService(tx).setSortOrder(projectId, featureName, environment, request.body, actor),
        );
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/constraints/validate',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'validateConstraint',
            'Check a constraint',
            'Answers 204 when the constraint could be saved, or 400 naming what is wrong: an unknown operator, a value that is not a number, RFC 3339 date, strict SemVer, RE2 regex or IP/CIDR as the operator needs, or a value outside the context field’s legal values.',
          ),
          body: ConstraintBody,
          response: { 204: noContent('The constraint is valid.'), ...errorResponses(400, 401, 415) },
        },
      },
      async (request, reply) => {
        await validateConstraints(db, [request.body], () => '/body');
        return reply.status(204).send();
      },
    );
  };
}
