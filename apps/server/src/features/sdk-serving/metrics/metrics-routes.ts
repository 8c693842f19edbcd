import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { createMetricsReadModel } from './metrics-read-model.ts';

const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Union([schema, Type.Null()]);
const Application = Type.Object({
  appName: Type.String(),
  description: Nullable(Type.String()),
  url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  createdAt: Type.String(),
  seenAt: Nullable(Type.String()),
});
const HourlyCount = Type.Object({
  featureName: Type.String(),
  appName: Type.String(),
  environment: Type.String(),
  timestamp: Type.String(),
  yes: Type.Integer(),
  no: Type.Integer(),
  variants: Type.Record(Type.String(), Type.Integer()),
});
const exampleApp = {
  appName: 'checkout-service',
  description: null,
  url: null,
  color: null,
  icon: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: '2026-01-15T10:05:00.000Z',
};
const exampleCount = {
  featureName: 'new-checkout',
  appName: 'checkout-service',
  environment: 'production',
  timestamp: '2026-01-15T10:00:00.000Z',
  yes: 1200,
  no: 300,
  variants: { blue: 600, red: 600 },
};

const AppParams = Type.Object({ appName: Type.String() });
const NameParams = Type.Object({ name: Type.String() });
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What SDKs reported, for the applications and flag usage views. */
export function metricsRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const metrics = createMetricsReadModel(deps.db);
    const toApplication = (a: Awaited<ReturnType<typeof metrics.applications>>[number]) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      seenAt: iso(a.seenAt),
    });

    app.get(
      '/api/admin/metrics/applications',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getApplications',
            'List applications',
            'Every application that registered an SDK or sent metrics, by its appName.',
          ),
          response: {
            200: Type.Object(
              { applications: Type.Array(Application), total: Type.Integer() },
              { examples: [{ applications: [exampleApp], total: 1 }] },
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async () => {
        const applications = (await metrics.applications()).map(toApplication);
        return { applications, total: applications.length };
      },
    );

    app.get(
      '/api/admin/metrics/applications/:appName',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getApplication',
            'Get an application',
            'One application with its SDK instances (per environment, SDK version, last seen) and the flags it has reported (but those of private projects the caller is no member of).',
          ),
          params: AppParams,
          response: {
            200: Type.Object(
              {
                ...Application.properties,
                instances: Type.Array(
                  Type.Object({
                    instanceId: Type.String(),
                    environment: Type.String(),
                    sdkType: Type.String(),
                    sdkVersion: Nullable(Type.String()),
                    lastSeen: Type.String(),
                    strategies: Type.Array(Type.String()),
                  }),
                ),
                seenToggles: Type.Array(Type.String()),
              },
              {
                examples: [
                  {
                    ...exampleApp,
                    instances: [
                      {
                        instanceId: 'checkout-1',
                        environment: 'production',
                        sdkType: 'backend',
                        sdkVersion: 'unleash-node-sdk:6.12.1',
                        lastSeen: '2026-01-15T10:05:00.000Z',
                        strategies: ['default'],
                      },
                    ],
                    seenToggles: ['new-checkout'],
                  },
                ],
              },
            ),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const found = (await metrics.applications()).find((a) => a.appName === request.params.appName);
        if (!found) throw new NotFoundError(`No application named ${request.params.appName}`);
        const instances = (await metrics.instances(found.appName)).map((i) => ({
          ...i,
          lastSeen: i.lastSeen.toISOString(),
        }));
        const hidden = await hiddenProjects(deps.db, request.access);
        return {
          ...toApplication(found),
          instances,
          seenToggles: await metrics.seenFlags(found.appName, hidden),
        };
      },
    );

    app.get(
      '/api/admin/client-metrics/features/:name/raw',
      {
        config: { auth: { permission: 'READ', project: { flag: 'params.name' } } },
        schema: {
          ...describe(
            'Metrics',
            'getRawFeatureMetrics',
            'Get hourly usage counts of a flag',
            'Yes/no and variant counts of one flag per application, environment and hour, for the last 48 hours. A flag of a private project the caller is no member of is not found.',
          ),
          params: NameParams,
          response: {
            200: Type.Object(
              {
                version: Type.Literal(1),
                maturity: Type.Literal('stable'),
                featureName: Type.String(),
                data: Type.Array(HourlyCount),
              },
              {
                examples: [
                  { version: 1, maturity: 'stable', featureName: 'new-checkout', data: [exampleCount] },
                ],
              },
            ),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => ({
        version: 1 as const,
        maturity: 'stable' as const,
        featureName: request.params.name,
        data: (await metrics.flagCounts(request.params.name)).map((c) => ({
          featureName: c.flagName,
          appName: c.appName,
          environment: c.environment,
          timestamp: c.hour.toISOString(),
          yes: c.yes,
          no: c.no,
          variants: c.variants,
        })),
      }),
    );

    app.get(
      '/api/admin/client-metrics/features/:name',
      {
        config: { auth: { permission: 'READ', project: { flag: 'params.name' } } },
        schema: {
          ...describe(
            'Metrics',
            'getFeatureUsageSummary',
            'Get a usage summary of a flag',
            "The current hour's counts per environment (`lastHourUsage`, as Unleash reports them), totals of the last 48 hours per environment, and which applications evaluated the flag. A flag of a private project the caller is no member of is not found.",
          ),
          params: NameParams,
          response: {
            200: Type.Object(
              {
                version: Type.Literal(1),
                maturity: Type.Literal('stable'),
                featureName: Type.String(),
                lastHourUsage: Type.Array(
                  Type.Object({
                    environment: Type.String(),
                    timestamp: Type.String({
                      format: 'date-time',
                      description: 'The start of the hour the counts belong to.',
                    }),
                    yes: Type.Integer(),
                    no: Type.Integer(),
                  }),
                  { description: 'Evaluations in the current hour, per environment.' },
                ),
                seenApplications: Type.Array(Type.String()),
                environments: Type.Array(
                  Type.Object({ environment: Type.String(), yes: Type.Integer(), no: Type.Integer() }),
                  { description: 'Evaluations in the last 48 hours, per environment.' },
                ),
              },
              {
                examples: [
                  {
                    version: 1,
                    maturity: 'stable',
                    featureName: 'new-checkout',
                    lastHourUsage: [
                      { environment: 'production', timestamp: '2026-01-15T10:00:00.000Z', yes: 50, no: 10 },
                    ],
                    seenApplications: ['checkout-service'],
                    environments: [{ environment: 'production', yes: 1200, no: 300 }],
                  },
                ],
              },
            ),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const counts = await metrics.flagCounts(request.params.name);
        const hourAgo = Date.now() - 60 * 60 * 1000;
        const lastHour = new Map<
          string,
          { environment: string; timestamp: string; yes: number; no: number }
        >();
        for (const c of counts.filter((count) => count.hour.getTime() > hourAgo)) {
          const e = lastHour.get(c.environment) ?? {
            environment: c.environment,
            timestamp: c.hour.toISOString(),
            yes: 0,
            no: 0,
          };
          e.yes += c.yes;
          e.no += c.no;
          lastHour.set(c.environment, e);
        }
        const byEnvironment = new Map<string, { environment: string; yes: number; no: number }>();
        for (const c of counts) {
          const e = byEnvironment.get(c.environment) ?? { environment: c.environment, yes: 0, no: 0 };
          e.yes += c.yes;
          e.no += c.no;
          byEnvironment.set(c.environment, e);
        }
        return {
          version: 1 as const,
          maturity: 'stable' as const,
          featureName: request.params.name,
          lastHourUsage: [...lastHour.values()],
          seenApplications: [...new Set(counts.map((c) => c.appName))].sort(),
          environments: [...byEnvironment.values()],
        };
      },
    );
  };
}
