import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type Db, inTransaction } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { errorResponses, noContent } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { actorOf } from '../../flag-model/flags/request-actor.ts';
import { describeLegacy } from '../legacy.ts';
import { legacyEnvironmentOf, projectOfFlag } from './legacy-environment.ts';
import type { LegacyFlag } from './legacy-flag.ts';
import { createLegacyFlagReadModel } from './legacy-flag-read-model.ts';
import {
  LegacyCreateBody,
  LegacyFeatureListResponse,
  LegacyFeatureResponse,
  LegacyFlagParams,
  LegacyListQuery,
  LegacyUpdateBody,
} from './legacy-flag-schemas.ts';
import { createLegacyFlagService, type LegacyFlagInput } from './legacy-flag-service.ts';

const FLAGS = '/api/admin/features';
const FLAG = `${FLAGS}/:featureName`;
const PROJECT_FLAG = '/api/admin/projects/{projectId}/features/{featureName}';
const ENVIRONMENT = `${PROJECT_FLAG}/environments/{environment}`;
const ENVIRONMENT_NOTE =
  '`enabled`, `strategies` and `variants` are those of the first enabled environment of the flag’s project (`development` in a new instance).';

export function toLegacyFeatureResponse(flag: LegacyFlag) {
  return {
    name: flag.name,
    description: flag.description,
    type: flag.type,
    project: flag.project,
    enabled: flag.enabled,
    stale: flag.stale,
    impressionData: flag.impressionData,
    strategies: flag.strategies,
    variants: flag.variants,
    createdAt: flag.createdAt.toISOString(),
    lastSeenAt: flag.lastSeenAt ? flag.lastSeenAt.toISOString() : null,
  };
}

/** Whether a v1 body changes anything in the legacy environment (then that environment's permission and review). */
const touchesEnvironment = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  ['enabled', 'strategies', 'variants'].some(
    (field) => (body as Record<string, unknown>)[field] !== undefined,
  );

const bodyProject = (request: FastifyRequest): string => {
  const project = (request.body as { project?: unknown } | undefined)?.project;
  return typeof project === 'string' ? project : 'default';
};

/** The v1 Admin API flag endpoints of Unleash v3, on the current services (decision record 0014). */
export function legacyFlagRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  const environmentOf = async (project: string | undefined) => {
    const environment = project ? await legacyEnvironmentOf(db, project) : undefined;
    return environment ? [environment] : [];
  };
  /** The legacy environment of the flag in the path: where a v1 toggle or strategy change applies. */
  const flagEnvironment = async (request: FastifyRequest) =>
    environmentOf(await projectOfFlag(db, (request.params as { featureName: string }).featureName));
  const read = (name: string) => createLegacyFlagReadModel(db).get(name).then(toLegacyFeatureResponse);
  const toInput = (body: LegacyUpdateBody): LegacyFlagInput => ({
    description: body.description,
    type: body.type,
    stale: body.stale,
    impressionData: body.impressionData,
    enabled: body.enabled,
    strategies: body.strategies,
    variants: body.variants,
  });

  return async (app) => {
    app.get(
      FLAGS,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetFeatures',
            'List flags (v1)',
            `Every active flag the caller may see, across projects, in the v1 shape. ${ENVIRONMENT_NOTE}`,
            'GET /api/admin/projects/{projectId}/features or GET /api/admin/search/features',
          ),
          querystring: LegacyListQuery,
          response: { 200: LegacyFeatureListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const hidden = new Set(await hiddenProjects(db, request.access));
        const flags = await createLegacyFlagReadModel(db).list(request.query);
        return {
          version: 1 as const,
          features: flags.filter((flag) => !hidden.has(flag.project)).map(toLegacyFeatureResponse),
        };
      },
    );

    app.post(
      FLAGS,
      {
        config: {
          auth: {
            permission: 'CREATE_FEATURE',
            project: async (request) => [bodyProject(request)],
            environment: async (request) =>
              touchesEnvironment(request.body) ? environmentOf(bodyProject(request)) : [],
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describeLegacy(
            'legacyCreateFeature',
            'Create a flag (v1)',
            `Creates the flag in \`project\` (default: \`default\`) with its strategies, variants and on/off state. ${ENVIRONMENT_NOTE} Turning it on with no strategy adds the project’s default strategy, as the current API does.`,
            'POST /api/admin/projects/{projectId}/features, then POST ' + `${ENVIRONMENT}/strategies`,
          ),
          body: LegacyCreateBody,
          response: { 201: LegacyFeatureResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { name, project = 'default' } = request.body;
        await inTransaction(db, (tx) =>
          createLegacyFlagService(tx).create(project, name, toInput(request.body), actor),
        );
        return reply.status(201).send(await read(name));
      },
    );

    app.get(
      FLAG,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describeLegacy(
            'legacyGetFeature',
            'Get a flag (v1)',
            `One active flag in the v1 shape. ${ENVIRONMENT_NOTE}`,
            `GET ${PROJECT_FLAG}`,
          ),
          params: LegacyFlagParams,
          response: { 200: LegacyFeatureResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => read(request.params.featureName),
    );

    app.put(
      FLAG,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_STRATEGY',
            project: { flag: 'params.featureName' },
            environment: flagEnvironment,
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describeLegacy(
            'legacyUpdateFeature',
            'Update a flag (v1)',
            `Sets the fields given: description, type, stale, impressionData, and in the legacy environment the on/off state, the strategies (replacing them all) and the variants. ${ENVIRONMENT_NOTE} Needs UPDATE_FEATURE_STRATEGY in that environment.`,
            `PUT ${PROJECT_FLAG} and the strategy operations of ${ENVIRONMENT}`,
          ),
          params: LegacyFlagParams,
          body: LegacyUpdateBody,
          response: { 200: LegacyFeatureResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { featureName } = request.params;
        const current = await projectOfFlag(db, featureName);
        if (request.body.name !== undefined && request.body.name !== featureName) {
          throw new BadDataError('A flag cannot be renamed; "name" must match the name in the path', [
            { message: `"name" must be "${featureName}" or left out`, path: '/body/name' },
          ]);
        }
        if (current && request.body.project !== undefined && request.body.project !== current) {
          throw new BadDataError(`A v1 update cannot move a flag to another project`, [
            { message: `"project" must be "${current}" or left out`, path: '/body/project' },
          ]);
        }
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createLegacyFlagService(tx).update(featureName, toInput(request.body), actor),
        );
        return read(featureName);
      },
    );

    app.delete(
      FLAG,
      {
        config: {
          auth: {
            permission: 'DELETE_FEATURE',
            project: { flag: 'params.featureName' },
            reviewedBy: 'project',
          },
        },
        schema: {
          ...describeLegacy(
            'legacyArchiveFeature',
            'Archive a flag (v1)',
            'Moves the flag to the archive, like the current archive operation.',
            `DELETE ${PROJECT_FLAG}`,
          ),
          params: LegacyFlagParams,
          response: {
            200: noContent('The flag was archived.'),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createLegacyFlagService(tx).archive(request.params.featureName, actor),
        );
        return reply.status(200).send();
      },
    );

    const toggles: [string, boolean | undefined, string, string][] = [
      ['toggle', undefined, 'legacyToggleFeature', 'Switch a flag (v1)'],
      ['toggle/on', true, 'legacyToggleFeatureOn', 'Turn a flag on (v1)'],
      ['toggle/off', false, 'legacyToggleFeatureOff', 'Turn a flag off (v1)'],
    ];
    for (const [suffix, enabled, operationId, summary] of toggles) {
      app.post(
        `${FLAG}/${suffix}`,
        {
          config: {
            auth: {
              permission: 'UPDATE_FEATURE_ENVIRONMENT',
              project: { flag: 'params.featureName' },
              environment: flagEnvironment,
              reviewedBy: 'environment',
            },
          },
          schema: {
            ...describeLegacy(
              operationId,
              summary,
              `${enabled === undefined ? 'Turns the flag on when it is off and off when it is on' : enabled ? 'Turns the flag on' : 'Turns the flag off'} in the first enabled environment of its project, and answers the flag in the v1 shape. Turning on with no active strategy adds the project’s default strategy.`,
              `POST ${ENVIRONMENT}/${enabled === false ? 'off' : 'on'}`,
            ),
            params: LegacyFlagParams,
            response: { 200: LegacyFeatureResponse, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const { featureName } = request.params;
          const actor = actorOf(request);
          await inTransaction(db, (tx) => createLegacyFlagService(tx).toggle(featureName, enabled, actor));
          return read(featureName);
        },
      );
    }

    for (const stale of [true, false]) {
      app.post(
        `${FLAG}/stale/${stale ? 'on' : 'off'}`,
        {
          config: { auth: { permission: 'UPDATE_FEATURE', project: { flag: 'params.featureName' } } },
          schema: {
            ...describeLegacy(
              stale ? 'legacyStaleOn' : 'legacyStaleOff',
              stale ? 'Mark a flag stale (v1)' : 'Mark a flag not stale (v1)',
              'Sets the flag’s stale mark and answers the flag in the v1 shape.',
              `PATCH ${PROJECT_FLAG} with /stale, or POST /api/admin/projects/{projectId}/stale`,
            ),
            params: LegacyFlagParams,
            response: { 200: LegacyFeatureResponse, ...errorResponses(401, 403, 404) },
          },
        },
        async (request) => {
          const { featureName } = request.params;
          const actor = actorOf(request);
          await inTransaction(db, (tx) => createLegacyFlagService(tx).setStale(featureName, stale, actor));
          return read(featureName);
        },
      );
    }
  };
}
