import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import {
  ChildParams,
  CreateDependentFeatureBody,
  DependenciesExistResponse,
  DependencyParams,
  ParentOptionsResponse,
  ParentParams,
  ParentVariantOptionsResponse,
  ProjectParams,
} from './dependency-schemas.ts';
import { createDependencyService } from './dependency-service.ts';

const BASE = '/api/admin/projects/:projectId';

/** Dependencies: a child flag that is only on when its parent is on (or off), optionally with given parent variants. */
export function dependencyRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const write = <T>(fn: (service: ReturnType<typeof createDependencyService>) => Promise<T>) =>
    inTransaction(deps.db, (tx) => fn(createDependencyService(tx)));
  const read = createDependencyService(deps.db);

  return async (app) => {
    app.post(
      `${BASE}/features/:child/dependencies`,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_DEPENDENCY',
            project: 'params.projectId',
            reviewedBy: 'project',
          },
        },
        schema: {
          ...describe(
            'Dependencies',
            'addFeatureDependency',
            'Make a flag depend on a parent flag',
            'Makes the child flag depend on a parent flag of the same project, replacing any dependency it had; each environment resolves it on its own. Only one level is allowed: a parent cannot have a parent and a child cannot become a parent (403 InvalidOperationError). `variants` is only allowed with `enabled: true`. Records a `feature-dependency-added` event.',
          ),
          params: ChildParams,
          body: CreateDependentFeatureBody,
          response: {
            200: noContent('The dependency was added.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { projectId, child } = request.params;
        const { feature, enabled, variants } = request.body;
        await write((service) =>
          service.add(projectId, child, { parent: feature, enabled, variants }, actorOf(request)),
        );
        return reply.status(200).send();
      },
    );

    app.delete(
      `${BASE}/features/:child/dependencies/:parent`,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_DEPENDENCY',
            project: 'params.projectId',
            reviewedBy: 'project',
          },
        },
        schema: {
          ...describe(
            'Dependencies',
            'deleteFeatureDependency',
            'Remove a dependency on a parent flag',
            'Removes the dependency of the child on the given parent. Succeeds without change when there is no such dependency. Records a `feature-dependency-removed` event.',
          ),
          params: DependencyParams,
          response: { 200: noContent('The dependency was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, child, parent } = request.params;
        await write((service) => service.delete(projectId, child, parent, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.delete(
      `${BASE}/features/:child/dependencies`,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_DEPENDENCY',
            project: 'params.projectId',
            reviewedBy: 'project',
          },
        },
        schema: {
          ...describe(
            'Dependencies',
            'deleteFeatureDependencies',
            'Remove all dependencies of a flag',
            'Removes every dependency of the child flag on parent flags. Records a `feature-dependencies-removed` event when there was one.',
          ),
          params: ChildParams,
          response: { 200: noContent('The dependencies were removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, child } = request.params;
        await write((service) => service.deleteAll(projectId, child, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.get(
      `${BASE}/features/:child/parents`,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Dependencies',
            'listParentOptions',
            'List the flags that can be a parent',
            'Lists the active flags of the project that the child could depend on: every flag except the child itself and flags that depend on another flag.',
          ),
          params: ChildParams,
          response: { 200: ParentOptionsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => read.parentOptions(request.params.projectId, request.params.child),
    );

    app.get(
      `${BASE}/features/:parent/parent-variants`,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Dependencies',
            'listParentVariantOptions',
            'List the variants of a parent flag',
            'Lists the variant names a child can require of this parent, gathered from the strategy variants and environment variants of every environment. A name that is no flag of the project has none: the list is empty, as Unleash answers.',
          ),
          params: ParentParams,
          response: { 200: ParentVariantOptionsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => read.parentVariants(request.params.projectId, request.params.parent),
    );

    app.get(
      `${BASE}/dependencies`,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Dependencies',
            'checkDependenciesExist',
            'Check whether any dependencies exist',
            'Answers `true` when any flag of this Switchyard instance depends on another flag, as Unleash does; the admin UI uses it to decide whether to show dependency columns.',
          ),
          params: ProjectParams,
          response: { 200: DependenciesExistResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => read.anyExist(request.params.projectId),
    );
  };
}
