import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/flags/request-actor.ts';
import { stateAtField } from '../../flag-model/history/history-routes.ts';
import { RestoreBody, RestoreResponse, TimelineParams } from '../../flag-model/history/history-schemas.ts';
import { createHistoryService } from '../../flag-model/history/history-service.ts';
import { callerFrom } from '../change-requests/caller.ts';
import type { ChangeRequestMailer } from '../change-requests/change-request-mail.ts';
import { createChangeRequestService } from '../change-requests/change-request-service.ts';
import { createFlagRestoreService } from './flag-restore-service.ts';

/** POST .../environments/:environment/history/restore: a flag back to how it was served at an instant. */
export function flagRestoreRoutes(deps: { db: Db; mail?: ChangeRequestMailer }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const history = createHistoryService(deps.db);
    const restores = createFlagRestoreService(deps.db, createChangeRequestService(deps.db, deps.mail));

    app.post(
      '/api/admin/projects/:projectId/features/:featureName/environments/:environment/history/restore',
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_ENVIRONMENT',
            project: 'params.projectId',
            environment: 'params.environment',
          },
        },
        schema: {
          ...describe(
            'History',
            'restoreFlagEnvironment',
            'Restore a flag in an environment to an instant',
            'Puts the flag in this environment back the way SDKs were served it at `at`: its strategies (removed, changed or added again, in their order), its variants and whether it is on. One ordinary change: each part needs the permission its direct write needs, events and integrations follow, maintenance mode refuses it, and where change requests are on (and you may not skip them) the changes are added to your draft change request instead (`outcome: "change-request"`). Flag-wide fields (description, type, dependencies) are left as they are.',
          ),
          params: TimelineParams,
          body: RestoreBody,
          response: { 200: RestoreResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const then = await stateAtField(history, environment, request.body.at, '/body/at');
        const result = await restores.restore(
          projectId,
          featureName,
          environment,
          then,
          callerFrom(actorOf(request), request.access),
        );
        return result;
      },
    );
  };
}
