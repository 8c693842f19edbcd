import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import type { ChangeRequestSettingsPort } from './project-ports.ts';
import { ProjectParams } from './project-schemas.ts';
import {
  AddEnvironmentBody,
  DefaultStrategyBody,
  DefaultStrategyResponse,
  ProjectEnvironmentParams,
} from './project-environment-schemas.ts';
import { createProjectEnvironmentService } from './project-environment-service.ts';

/** /api/admin/projects/{projectId}/environments: which environments a project's flags are configured in. */
export function projectEnvironmentRoutes(deps: {
  db: Db;
  changeRequests: ChangeRequestSettingsPort;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const change = <T>(fn: (service: ReturnType<typeof createProjectEnvironmentService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createProjectEnvironmentService(tx)));

    app.post(
      '/api/admin/projects/:projectId/environments',
      {
        config: { auth: { permission: 'UPDATE_PROJECT', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'addEnvironmentToProject',
            'Add an environment to a project',
            "Adds the environment to the project: every flag of the project gets a configuration there, disabled. Optionally sets the environment's default strategy for the project.",
          ),
          params: ProjectParams,
          body: AddEnvironmentBody,
          response: {
            200: noContent('The environment was added.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const { environment, defaultStrategy, changeRequestsEnabled } = request.body;
        await inTransaction(deps.db, async (tx) => {
          await createProjectEnvironmentService(tx).add(
            request.params.projectId,
            environment,
            defaultStrategy,
            actorOf(request),
          );
          if (changeRequestsEnabled) {
            const [row] = await tx.query<{ required_approvals: number | null }>(
              'SELECT required_approvals FROM environments WHERE name = $1',
              [environment],
            );
            await deps.changeRequests.enable(
              tx,
              request.params.projectId,
              environment,
              row?.required_approvals,
            );
          }
        });
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/projects/:projectId/environments/:environment',
      {
        config: { auth: { permission: 'UPDATE_PROJECT', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'removeEnvironmentFromProject',
            'Remove an environment from a project',
            "Removes the environment from the project, deleting the project's flag configurations and strategies in it. The environment itself stays.",
          ),
          params: ProjectEnvironmentParams,
          response: { 200: noContent('The environment was removed.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, environment } = request.params;
        await change((service) => service.remove(projectId, environment, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/projects/:projectId/environments/:environment/default-strategy',
      {
        config: {
          auth: {
            permission: 'PROJECT_DEFAULT_STRATEGY_WRITE',
            project: 'params.projectId',
            environment: 'params.environment',
          },
        },
        schema: {
          ...describe(
            'Projects',
            'addDefaultStrategyToProjectEnvironment',
            'Set the default strategy of a project environment',
            'Sets the strategy a flag of this project gets when it is enabled in this environment without any strategy. Only `flexibleRollout` can be a default strategy.',
          ),
          params: ProjectEnvironmentParams,
          body: DefaultStrategyBody,
          response: { 200: DefaultStrategyResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, environment } = request.params;
        return change((service) =>
          service.setDefaultStrategy(projectId, environment, request.body, actorOf(request)),
        );
      },
    );
  };
}
