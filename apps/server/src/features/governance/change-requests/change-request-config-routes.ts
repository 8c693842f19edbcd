import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Access, allows, seesEverything } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { NoAccessError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { requireProject } from '../../flag-model/flags/flag-lookup.ts';
import { recordChangeRequestEvent } from './change-request-events.ts';
import {
  ConfigBody,
  ConfigResponse,
  ProjectEnvironmentParams,
  ProjectParams,
} from './change-request-schemas.ts';
import { createChangeRequestSettingsStore } from './change-request-settings-store.ts';

/** Where change requests are on, per project environment. */
/**
 * Nobody lifts a rule that binds them: turning change requests off in an environment, or lowering the approvals they
 * need, takes an Admin or someone change requests do not bind there (SKIP_CHANGE_REQUEST). A project Owner holds
 * PROJECT_CHANGE_REQUEST_WRITE, which lets them turn change requests on and raise the bar, not lower it.
 */
function assertMayLift(access: Access | undefined, project: string, environment: string): void {
  if (access && seesEverything(access)) return;
  if (access && allows(access, 'SKIP_CHANGE_REQUEST', { projects: [project], environments: [environment] }))
    return;
  throw NoAccessError.needs(
    'SKIP_CHANGE_REQUEST',
    `Change requests bind you in environment "${environment}" of project "${project}": only an Admin or someone holding SKIP_CHANGE_REQUEST there may turn them off or lower the approvals they need`,
  );
}

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
            'Turns change requests on or off in one environment of the project. While they are on, changes to flags there (and to project segments) wait for approval, and direct writes need SKIP_CHANGE_REQUEST. requiredApprovals is kept within 1 to 10; left out, it is the environment `requiredApprovals` default, or 1. Open requests stay open when change requests are turned off. Nobody lifts a rule that binds them: turning change requests off, or lowering the approvals they need, takes an Admin or SKIP_CHANGE_REQUEST in that environment (403 otherwise).',
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
          const current = (await store.list(projectId)).find((s) => s.environment === environment);
          if (!current) {
            throw new NotFoundError(`Environment "${environment}" is not enabled in project "${projectId}"`);
          }
          const approvals = await store.approvalsFor(environment, requiredApprovals);
          const lowers =
            current.enabled && (!changeRequestsEnabled || approvals < (current.requiredApprovals ?? 1));
          if (lowers) assertMayLift(request.access, projectId, environment);
          if (changeRequestsEnabled) await store.enable(projectId, environment, approvals);
          else await store.disable(projectId, environment);
          await recordChangeRequestEvent(
            tx,
            actorOf(request),
            'change-request-configuration-updated',
            { project: projectId, environment },
            {
              changeRequestsEnabled,
              requiredApprovals: changeRequestsEnabled ? approvals : null,
            },
          );
        });
        return reply.status(200).send();
      },
    );
  };
}
