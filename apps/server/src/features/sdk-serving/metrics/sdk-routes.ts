import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { createSdkReadModel } from './sdk-read-model.ts';

export const OUTDATED_RULE =
  'An SDK version is outdated when an application reports a newer version of the same SDK to this server.';

export const OutdatedSdks = Type.Object(
  {
    sdks: Type.Array(
      Type.Object({
        sdkVersion: Type.String({ description: 'The SDK and version as it registered: `name:version`.' }),
        applications: Type.Array(Type.String(), { description: 'The applications still on that version.' }),
      }),
    ),
  },
  {
    examples: [{ sdks: [{ sdkVersion: 'unleash-node-sdk:5.4.0', applications: ['billing'] }] }],
  },
);

const ApplicationOverview = Type.Object(
  {
    projects: Type.Array(Type.String(), { description: 'Projects of the flags the application reported.' }),
    featureCount: Type.Integer({ description: 'Existing flags the application reported usage of.' }),
    environments: Type.Array(
      Type.Object({
        name: Type.String(),
        instanceCount: Type.Integer(),
        sdks: Type.Array(Type.String()),
        frontendSdks: Type.Array(Type.String(), {
          description: 'SDKs of instances that came through the Frontend API.',
        }),
        backendSdks: Type.Array(Type.String(), {
          description: 'SDKs of instances that registered as server-side SDKs.',
        }),
        lastSeen: Type.String({ format: 'date-time' }),
        issues: Type.Object({
          missingFeatures: Type.Array(Type.String(), {
            description: 'Names the application asked for in this environment that no flag carries.',
          }),
          outdatedSdks: Type.Array(Type.String()),
        }),
      }),
    ),
    issues: Type.Object({
      missingStrategies: Type.Array(Type.String(), {
        description:
          'Strategies the reported flags use that none of its instances said it implements (only when they listed any).',
      }),
    }),
  },
  {
    examples: [
      {
        projects: ['default'],
        featureCount: 4,
        environments: [
          {
            name: 'production',
            instanceCount: 2,
            sdks: ['unleash-node-sdk:6.12.1'],
            frontendSdks: [],
            backendSdks: ['unleash-node-sdk:6.12.1'],
            lastSeen: '2026-01-15T10:05:00.000Z',
            issues: { missingFeatures: ['old-banner'], outdatedSdks: [] },
          },
        ],
        issues: { missingStrategies: [] },
      },
    ],
  },
);

/** SDK versions and one application's overview, from what SDKs registered and reported. */
export function sdkRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const sdks = createSdkReadModel(deps.db);

    app.get(
      '/api/admin/metrics/sdks/outdated',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getOutdatedSdks',
            'List outdated SDKs',
            `SDK versions that applications should upgrade, with the applications on each. ${OUTDATED_RULE}`,
          ),
          response: { 200: OutdatedSdks, ...errorResponses(401, 403) },
        },
      },
      async () => ({ sdks: await sdks.outdated() }),
    );

    app.get(
      '/api/admin/metrics/applications/:appName/overview',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getApplicationOverview',
            'Get an application overview',
            `One application at a glance: the projects and number of flags it uses, and per environment its instances, SDKs, when it was last seen, the flag names it asks for that do not exist and its outdated SDKs. Flags of private projects the caller is no member of are left out. ${OUTDATED_RULE}`,
          ),
          params: Type.Object({ appName: Type.String({ minLength: 1 }) }),
          response: { 200: ApplicationOverview, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const hidden = await hiddenProjects(deps.db, request.access);
        const overview = await sdks.overview(request.params.appName, hidden);
        if (!overview) throw new NotFoundError(`No application named ${request.params.appName}`);
        return {
          projects: overview.projects,
          featureCount: overview.flagCount,
          environments: overview.environments.map((env) => ({
            name: env.name,
            instanceCount: env.instanceCount,
            sdks: env.sdks,
            frontendSdks: env.frontendSdks,
            backendSdks: env.backendSdks,
            lastSeen: env.lastSeen.toISOString(),
            issues: { missingFeatures: env.missingFlags, outdatedSdks: env.outdatedSdks },
          })),
          issues: { missingStrategies: overview.missingStrategies },
        };
      },
    );
  };
}
