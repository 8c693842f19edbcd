import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { InstanceStatsResponse, TelemetrySettingsResponse } from './instance-admin-schemas.ts';
import { toStatsCsv } from './instance-stats-csv.ts';
import { createInstanceStatsReadModel } from './instance-stats-read-model.ts';

/** Instance statistics (JSON and CSV) and the telemetry settings: Switchyard sends nothing anywhere. */
export function instanceAdminRoutes(deps: {
  db: Db;
  config: Pick<Config, 'oidc'>;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const stats = createInstanceStatsReadModel(deps.db, { oidcEnabled: deps.config.oidc !== undefined });

    app.get(
      '/api/admin/instance-admin/statistics',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getInstanceAdminStats',
            'Instance statistics',
            'Counts that describe this installation: people and how many were active in the last 7 to 90 days, flags, projects, roles, groups, environments, segments, SDK applications, API tokens by type, changes in production environments, and the largest strategy lists and constraints. `sum` is a checksum of the main counts, computed as Unleash computes it. Admins only (Unleash lets any signed-in user read it). Nothing leaves the server.',
          ),
          response: { 200: InstanceStatsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => stats.collect(),
    );

    app.get(
      '/api/admin/instance-admin/statistics/csv',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getInstanceAdminStatsCsv',
            'Instance statistics as CSV',
            'The same statistics as one CSV row under a header, nested figures flattened (`activeUsers.last7`, `clientApps.30d`), as a download named after the instance id and the time.',
          ),
          response: {
            200: Type.String({ description: 'CSV.', examples: ['instanceId,users\n4d1e…,42\n'] }),
            ...errorResponses(401, 403),
          },
        },
      },
      async (_request, reply) => {
        const collected = await stats.collect();
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="switchyard-${collected.instanceId}-${Date.parse(collected.timestamp)}.csv"`,
          )
          .send(toStatsCsv(collected));
      },
    );

    app.get(
      '/api/admin/telemetry/settings',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Telemetry',
            'getTelemetrySettings',
            'Telemetry settings',
            'Whether version and feature usage information is collected and sent. Switchyard never sends either: both are always false, and the server makes no outbound request of its own.',
          ),
          response: { 200: TelemetrySettingsResponse, ...errorResponses(401) },
        },
      },
      async () => ({ versionInfoCollectionEnabled: false, featureInfoCollectionEnabled: false }),
    );
  };
}
