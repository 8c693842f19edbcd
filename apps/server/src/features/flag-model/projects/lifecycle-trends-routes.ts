import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from './hidden-projects.ts';
import { createInstanceInsightsReadModel } from './instance-insights-read-model.ts';
import { LifecycleTrendsQuery, LifecycleTrendsResponse } from './instance-insights-schemas.ts';
import { createLifecycleTrendsReadModel } from './lifecycle-trends-read-model.ts';
import { daysInGroupsLeft, STAGE_GROUP, type StageGroup, stageTrend } from './lifecycle-trends.ts';

/** The analytics screen's lifecycle tiles: the flags in each stage group now, and how long flags stay in each. */
export function lifecycleTrendsRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const insights = createInstanceInsightsReadModel(deps.db);
    const lifecycle = createLifecycleTrendsReadModel(deps.db);

    app.get(
      '/api/admin/insights/lifecycle',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getLifecycleTrends',
            'Get lifecycle trends',
            'Returns the flags not archived in each lifecycle stage group (develop: initial and pre-live; production: live; cleanup: completed), by type category (experimental: experiment; permanent: operational, kill-switch, permission; release: the others), split into those that entered the stage within the last seven days and those before, with the median days the flags now in the group have been in it, and the median days flags, archived ones too, stayed in the group before they left it for a later one (from the recorded creation, first enabling in a production-type environment, completion and archiving). `projects` limits it to those projects; projects the caller may not see are left out.',
          ),
          querystring: LifecycleTrendsQuery,
          response: { 200: LifecycleTrendsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const listed = (request.query.projects ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id && id !== '*' && id !== 'undefined');
        const projects = listed.length ? listed : null;
        const hidden = await hiddenProjects(deps.db, request.access);
        const [flags, times] = await Promise.all([
          insights.stages(projects, hidden),
          lifecycle.stageTimes(projects, hidden),
        ]);
        const historically = daysInGroupsLeft(times);
        const trend = (group: StageGroup) =>
          stageTrend(
            flags.filter((flag) => STAGE_GROUP[flag.stage] === group),
            historically[group],
          );
        return {
          lifecycleTrends: {
            develop: trend('develop'),
            production: trend('production'),
            cleanup: trend('cleanup'),
          },
        };
      },
    );
  };
}
