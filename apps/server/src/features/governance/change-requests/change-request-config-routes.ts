import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { requireProject } from '../../flag-model/flags/flag-lookup.ts';
import { clampApprovals } from './change-request.ts';
import { recordChangeRequestEvent } from './change-request-events.ts';
import {
  ConfigBody,
  ConfigResponse,
  ProjectEnvironmentParams,
  ProjectParams,
} from './change-request-schemas.ts';
import { createChangeRequestSettingsStore } from './change-request-settings-store.ts';

/** Where change requests are on, per project environment. */
export function changeRequestConfigRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const settings = createChangeRequestSettingsStore(deps.db);

    app.get(
      '/api/admin/projects/:projectId/change-requests/config',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Change Requests',
            'getProjectChangeRequestConfig',
            'Where change requests are on',
            'Every environment of the project: whether changes there wait for review, and how many approvals they need.',
          ),
          params: ProjectParams,
          response: { 200: ConfigResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await requireProject(deps.db, request.params.projectId);
        return (await settings.list(request.params.projectId)).map((s) => ({
          environment: s.environment,
          type: s.type,
          changeRequestEnabled: s.enabled,
          requiredApprovals: s.requiredApprovals,
        }));
      },
    );

    app.put(
      '/api/admin/projects/:projectId/environments/:environment/change-requests/config',
      {
        config: { auth: { permission: 'PROJECT_CHANGE_REQUEST_WRITE' } },
        schema: {
          ...describe(
            'Change Requests',
            'updateProjectChangeRequestConfig',
            'Turn change requests on or off',
            'Turns change requests on or off in one environment of the project. While they are on, changes to flags there (and to project segments) wait for approval, and direct writes need SKIP_CHANGE_REQUEST. requiredApprovals is kept within 1 to 10 (1 when left out). Open requests stay open when change requests are turned off.',
          ),
          params: ProjectEnvironmentParams,
          body: ConfigBody,
          response: { 200: noContent('Saved.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, environment } = request.params;
        const { changeRequestsEnabled, requiredApprovals } = request.body;
        await deps.db.transaction(async (tx) => {
          const store = createChangeRequestSettingsStore(tx);
          if (!(await store.list(projectId)).some((s) => s.environment === environment)) {
            throw new NotFoundError(`Environment "${environment}" is not enabled in project "${projectId}"`);
          }
          if (changeRequestsEnabled)
            await store.enable(projectId, environment, clampApprovals(requiredApprovals));
          else await store.disable(projectId, environment);
          await recordChangeRequestEvent(
            tx,
            actorOf(request),
            'change-request-configuration-updated',
            { project: projectId, environment },
            {
              changeRequestsEnabled,
              requiredApprovals: changeRequestsEnabled ? clampApprovals(requiredApprovals) : null,
            },
          );
        });
        return reply.status(200).send();
      },
    );
  };
}
