import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { describeLegacy } from '../legacy.ts';
import { createLegacyMetricsReadModel, type UsageCount } from './legacy-metrics-read-model.ts';

const Count = Type.Object({ yes: Type.Integer(), no: Type.Integer() });
const CountsByFlag = Type.Record(Type.String(), Count);
const HOURLY =
  'Usage is stored per hour: `lastHour` sums the current and the previous hour’s buckets, `lastMinute` is the current hour’s bucket.';

const toRecord = (counts: Map<string, UsageCount>) => Object.fromEntries(counts);

/** The metrics summaries of Unleash v3's Admin API, from the usage SDKs report today. */
export function legacyMetricsRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    const metrics = createLegacyMetricsReadModel(db);

    app.get(
      '/api/admin/metrics/seen-toggles',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetSeenToggles',
            'List the flags each application reported',
            'Per application that sent usage metrics: the names of the flags it reported (unknown names included) and how many hourly buckets it filled.',
            'GET /api/admin/metrics/applications/{appName}',
          ),
          response: {
            200: Type.Array(
              Type.Object({
                appName: Type.String(),
                seenToggles: Type.Array(Type.String()),
                metricsCount: Type.Integer(),
              }),
              { examples: [[{ appName: 'shop', seenToggles: ['new-checkout'], metricsCount: 12 }]] },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) =>
        (await metrics.seenFlags(await hiddenProjects(db, request.access))).map((app) => ({
          appName: app.appName,
          seenToggles: app.flags,
          metricsCount: app.buckets,
        })),
    );

    app.get(
      '/api/admin/metrics/seen-apps',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetSeenApps',
            'List the applications that reported each flag',
            'Per flag name: the registered applications that sent usage metrics for it.',
            'GET /api/admin/client-metrics/features/{name}',
          ),
          response: {
            200: Type.Record(
              Type.String(),
              Type.Array(
                Type.Object({
                  appName: Type.String(),
                  description: Type.Union([Type.String(), Type.Null()]),
                  url: Type.Union([Type.String(), Type.Null()]),
                  color: Type.Union([Type.String(), Type.Null()]),
                  icon: Type.Union([Type.String(), Type.Null()]),
                  createdAt: Type.String({ format: 'date-time' }),
                  seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                }),
              ),
              {
                examples: [
                  {
                    'new-checkout': [
                      {
                        appName: 'shop',
                        description: 'The web shop',
                        url: null,
                        color: null,
                        icon: null,
                        createdAt: '2026-01-05T10:00:00.000Z',
                        seenAt: '2026-01-06T08:00:00.000Z',
                      },
                    ],
                  },
                ],
              },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => {
        const byFlag = await metrics.seenApplications(await hiddenProjects(db, request.access));
        return Object.fromEntries(
          [...byFlag].map(([flag, apps]) => [
            flag,
            apps.map((app) => ({
              ...app,
              createdAt: app.createdAt.toISOString(),
              seenAt: app.seenAt ? app.seenAt.toISOString() : null,
            })),
          ]),
        );
      },
    );

    app.get(
      '/api/admin/metrics/feature-toggles',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetFeatureToggleMetrics',
            'Get recent usage of every flag',
            `Yes and no counts per flag name, over all applications and environments. ${HOURLY}`,
            'GET /api/admin/client-metrics/features/{name}',
          ),
          response: {
            200: Type.Object(
              { lastHour: CountsByFlag, lastMinute: CountsByFlag },
              {
                examples: [
                  {
                    lastHour: { 'new-checkout': { yes: 40, no: 12 } },
                    lastMinute: { 'new-checkout': { yes: 3, no: 1 } },
                  },
                ],
              },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => {
        const hidden = await hiddenProjects(db, request.access);
        return {
          lastHour: toRecord(await metrics.lastHour(hidden)),
          lastMinute: toRecord(await metrics.lastMinute(hidden)),
        };
      },
    );

    app.get(
      '/api/admin/metrics/feature-toggles/:featureName',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetFeatureToggleMetric',
            'Get recent usage of one flag',
            `Yes and no counts of one flag name, and the applications that ever reported it. ${HOURLY} An unknown name answers zero counts.`,
            'GET /api/admin/client-metrics/features/{name}',
          ),
          params: Type.Object({ featureName: Type.String({ minLength: 1 }) }),
          response: {
            200: Type.Object(
              { lastHour: Count, lastMinute: Count, seenApps: Type.Array(Type.String()) },
              {
                examples: [
                  { lastHour: { yes: 40, no: 12 }, lastMinute: { yes: 3, no: 1 }, seenApps: ['shop'] },
                ],
              },
            ),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const name = request.params.featureName;
        const zero = { yes: 0, no: 0 };
        return {
          lastHour: (await metrics.lastHour([], name)).get(name) ?? zero,
          lastMinute: (await metrics.lastMinute([], name)).get(name) ?? zero,
          seenApps: await metrics.applicationsOf(name),
        };
      },
    );
  };
}
