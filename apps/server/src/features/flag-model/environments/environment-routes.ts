import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import type { EnvironmentWithCounts, ProjectEnvironment } from './environment.ts';
import {
  CloneEnvironmentBody,
  CreateEnvironmentBody,
  EnvironmentListResponse,
  EnvironmentResponse,
  NameParams,
  ProjectEnvironmentListResponse,
  ProjectParams,
  RemovedEnvironmentResponse,
  SortOrderBody,
  UpdateEnvironmentBody,
} from './environment-schemas.ts';
import type { ScopedTokensPort } from '../projects/project-ports.ts';
import { createEnvironmentService } from './environment-service.ts';
import { createEnvironmentStore } from './environment-store.ts';

export function toEnvironmentResponse(env: EnvironmentWithCounts) {
  return {
    name: env.name,
    type: env.type,
    enabled: env.enabled,
    protected: env.protected,
    sortOrder: env.sortOrder,
    requiredApprovals: env.requiredApprovals,
    projectCount: env.projectCount,
    apiTokenCount: env.apiTokenCount,
    enabledToggleCount: env.enabledToggleCount,
  };
}

function toProjectEnvironmentResponse(env: ProjectEnvironment) {
  return {
    name: env.name,
    type: env.type,
    enabled: env.enabled,
    protected: env.protected,
    sortOrder: env.sortOrder,
    visible: env.visible,
    projectApiTokenCount: env.projectApiTokenCount,
    projectEnabledToggleCount: env.projectEnabledToggleCount,
    ...(env.defaultStrategy ? { defaultStrategy: env.defaultStrategy } : {}),
  };
}

/** /api/admin/environments: list environments; admins create, change, clone, order and remove them. */
export function environmentRoutes(deps: { db: Db; tokens: ScopedTokensPort }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(EnvironmentResponse);
    const store = createEnvironmentStore(deps.db);
    const withCounts = async (name: string) => {
      const env = (await store.list()).find((e) => e.name === name);
      if (!env) throw new NotFoundError(`Could not find environment with name ${name}`);
      return toEnvironmentResponse(env);
    };
    const change = <T>(fn: (service: ReturnType<typeof createEnvironmentService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createEnvironmentService(tx, deps.tokens)));

    app.get(
      '/api/admin/environments',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Environments',
            'getAllEnvironments',
            'List environments',
            'Lists every environment in sort order, with how many projects use it, how many API tokens are scoped to it and how many flags are enabled in it.',
          ),
          response: { 200: EnvironmentListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ version: 1, environments: (await store.list()).map(toEnvironmentResponse) }),
    );

    app.get(
      '/api/admin/environments/:name',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Environments',
            'getEnvironment',
            'Get an environment',
            'Returns one environment by name.',
          ),
          params: NameParams,
          response: { 200: { ...EnvironmentResponse, $id: undefined }, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => withCounts(request.params.name),
    );

    app.get(
      '/api/admin/environments/project/:projectId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Environments',
            'getProjectEnvironments',
            "List a project's environments",
            'Lists every environment as the project sees it: `visible` tells whether it is added to the project, with its default strategy and the project-specific counts.',
          ),
          params: ProjectParams,
          response: { 200: ProjectEnvironmentListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const [project] = await deps.db.query('SELECT 1 FROM projects WHERE id = $1', [projectId]);
        if (!project) throw new NotFoundError(`Could not find project with id ${projectId}`);
        const environments = await store.listForProject(projectId);
        return { version: 1, environments: environments.map(toProjectEnvironmentResponse) };
      },
    );

    for (const [state, enabled] of [
      ['on', true],
      ['off', false],
    ] as const) {
      app.post(
        `/api/admin/environments/:name/${state}`,
        {
          config: { auth: { permission: 'ADMIN' } },
          schema: {
            ...describe(
              'Environments',
              enabled ? 'toggleEnvironmentOn' : 'toggleEnvironmentOff',
              enabled ? 'Enable an environment' : 'Disable an environment',
              enabled
                ? 'Shows the environment again; new projects get it.'
                : 'Hides the environment and leaves it out of new projects. Its flag configuration is kept and SDKs using it still get their flags.',
            ),
            params: NameParams,
            response: {
              204: noContent(enabled ? 'The environment is enabled.' : 'The environment is disabled.'),
              ...errorResponses(401, 403, 404),
            },
          },
        },
        async (request, reply) => {
          await change((service) => service.setEnabled(request.params.name, enabled, actorOf(request)));
          return reply.status(204).send();
        },
      );
    }

    app.put(
      '/api/admin/environments/sort-order',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Environments',
            'updateSortOrder',
            'Reorder environments',
            'Sets the sort order of the named environments; environments left out keep theirs.',
          ),
          body: SortOrderBody,
          response: { 200: noContent('The order was saved.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        await change((service) => service.updateSortOrder(request.body, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/environments',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Environments',
            'createEnvironment',
            'Create an environment',
            'Creates an environment. Add it to projects with addEnvironmentToProject, or create it as a copy with cloneEnvironment. `requiredApprovals` (1 to 10) is how many approvals a change request needs here when a project turns change requests on in this environment without saying how many. In Unleash this is an enterprise feature.',
          ),
          body: CreateEnvironmentBody,
          response: {
            201: { ...EnvironmentResponse, $id: undefined, description: 'The new environment.' },
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const env = await change((service) => service.create(request.body, actorOf(request)));
        return reply.status(201).send(await withCounts(env.name));
      },
    );

    app.put(
      '/api/admin/environments/update/:name',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Environments',
            'updateEnvironment',
            'Change an environment',
            'Changes the type and, optionally, the sort order and the change-request approvals default (`requiredApprovals`; `null` clears it) of an environment. The default applies when change requests are next turned on in a project; requests and project settings that exist keep theirs. Protected environments cannot be changed.',
          ),
          params: NameParams,
          body: UpdateEnvironmentBody,
          response: {
            200: { ...EnvironmentResponse, $id: undefined, description: 'The changed environment.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) => {
        await change((service) => service.update(request.params.name, request.body, actorOf(request)));
        return withCounts(request.params.name);
      },
    );

    app.delete(
      '/api/admin/environments/:name',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Environments',
            'removeEnvironment',
            'Remove an environment',
            'Deletes the environment together with every flag configuration and strategy in it, its place in every project, and the API tokens scoped to it; the response counts what was removed. The last environment and protected environments cannot be removed.',
          ),
          params: NameParams,
          response: { 200: RemovedEnvironmentResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const removed = await change((service) => service.remove(request.params.name, actorOf(request)));
        return { name: request.params.name, removed };
      },
    );

    app.post(
      '/api/admin/environments/:name/clone',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Environments',
            'cloneEnvironment',
            'Clone an environment',
            "Creates a new environment as a copy of this one in the chosen projects (by default all that use it): every flag's enabled state, variants and strategies, and each project's default strategy. The copy takes `requiredApprovals` from the body, or from the source. Unleash added cloning in 4.19 as an enterprise feature; Switchyard includes it.",
          ),
          params: NameParams,
          body: CloneEnvironmentBody,
          response: {
            201: { ...EnvironmentResponse, $id: undefined, description: 'The new environment.' },
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const env = await change((service) =>
          service.clone(request.params.name, request.body, actorOf(request)),
        );
        return reply.status(201).send(await withCounts(env.name));
      },
    );
  };
}
