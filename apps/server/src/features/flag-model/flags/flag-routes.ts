import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { prepareBody, sendPrepared } from '../../../http/prepared-body.ts';
import { createFlagBulkService } from './flag-bulk-service.ts';
import { createFlagCloneService } from './flag-clone-service.ts';
import { createFlagMoveService } from './flag-move-service.ts';
import type { FlagListCache } from './flag-list-cache.ts';
import { createFlagReadModel } from './flag-read-model.ts';
import {
  ChangeProjectBody,
  CloneFeatureBody,
  CreateFeatureBody,
  FeatureListQuery,
  FeatureListResponse,
  FeatureResponse,
  FlagParams,
  PatchBody,
  ProjectParams,
  UpdateFeatureBody,
  ValidateFeatureBody,
} from './flag-schemas.ts';
import { createFlagService } from './flag-service.ts';
import { toFeatureListItemResponse, toFeatureResponse } from './flag-wire.ts';
import type { PatchOperation } from './json-patch.ts';
import { actorOf } from './request-actor.ts';

const PROJECT_FLAGS = '/api/admin/projects/:projectId/features';
const FLAG = `${PROJECT_FLAGS}/:featureName`;

/** Flags of a project: list, create, read, change, archive, validate a name, clone. */
export function flagRoutes(deps: { db: Db; listCache?: FlagListCache }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    const details = (project: string, name: string, userId: number | null) =>
      createFlagReadModel(db).get(project, name, userId).then(toFeatureResponse);

    app.get(
      PROJECT_FLAGS,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeatures',
            'List the flags of a project',
            'Lists the active flags of the project with, per environment, whether they are on, how many variants they have and whether they have (enabled) strategies. Filter with `namePrefix` and `tag=type:value`.',
          ),
          params: ProjectParams,
          querystring: FeatureListQuery,
          response: { 200: FeatureListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const tags = (request.query.tag ?? []).map((tag) => {
          const at = tag.indexOf(':');
          return { type: tag.slice(0, at), value: tag.slice(at + 1) };
        });
        const { projectId } = request.params;
        const { userId } = actorOf(request);
        const filter = { namePrefix: request.query.namePrefix, tags };
        // Pre-serialized with JSON.stringify (several times faster than the schema serializer on thousands of
        // flags; toFeatureListItemResponse builds exactly the declared shape) so the cache can hold the text.
        const build = async () => {
          const flags = await createFlagReadModel(db).list(projectId, userId, filter);
          return prepareBody(
            Buffer.from(JSON.stringify({ version: 2, features: flags.map(toFeatureListItemResponse) })),
          );
        };
        const key = JSON.stringify([projectId, userId, filter]);
        const body = deps.listCache ? await deps.listCache.get(key, build) : await build();
        return sendPrepared(request, reply, body);
      },
    );

    app.post(
      PROJECT_FLAGS,
      {
        config: { auth: { permission: 'CREATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'createFeature',
            'Create a flag',
            'Creates a flag in the project, off in every environment. Names are URL-friendly (UTF-8 letters allowed), at most 100 characters, and unique across all projects including archived flags.',
          ),
          params: ProjectParams,
          body: CreateFeatureBody,
          response: { 201: FeatureResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const flag = await inTransaction(db, (tx) =>
          createFlagService(tx).create(request.params.projectId, request.body, actor),
        );
        return reply.status(201).send(await details(flag.project, flag.name, actor.userId));
      },
    );

    app.get(
      FLAG,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getFeature',
            'Get a flag',
            'Everything about one active flag: its fields, every environment of its project with strategies (in evaluation order) and variants, dependencies, children, tags, links and lifecycle stage.',
          ),
          params: FlagParams,
          response: { 200: FeatureResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        details(request.params.projectId, request.params.featureName, actorOf(request).userId),
    );

    app.put(
      FLAG,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'updateFeature',
            'Update a flag',
            'Sets the description, type, staleness and impression data of the flag. Fields left out are unchanged; the name cannot change.',
          ),
          params: FlagParams,
          body: UpdateFeatureBody,
          response: { 200: FeatureResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        const { createdAt: _ignored, ...update } = request.body;
        await inTransaction(db, (tx) => createFlagService(tx).update(projectId, featureName, update, actor));
        return details(projectId, featureName, actor.userId);
      },
    );

    app.patch(
      FLAG,
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'patchFeature',
            'Change a flag with JSON Patch',
            'Applies RFC 6902 operations to `/description`, `/type`, `/stale` and `/impressionData`.',
          ),
          params: FlagParams,
          body: PatchBody,
          response: { 200: FeatureResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createFlagService(tx).patch(projectId, featureName, request.body as PatchOperation[], actor),
        );
        return details(projectId, featureName, actor.userId);
      },
    );

    app.delete(
      FLAG,
      {
        config: {
          auth: { permission: 'DELETE_FEATURE', project: 'params.projectId', reviewedBy: 'project' },
        },
        schema: {
          ...describe(
            'Features',
            'archiveFeature',
            'Archive a flag',
            'Moves the flag to the archive: SDKs stop receiving it, its configuration is kept and it can be revived. A flag that active flags depend on cannot be archived (403).',
          ),
          params: FlagParams,
          response: { 202: noContent('The flag was archived.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        await inTransaction(db, (tx) => createFlagBulkService(tx).archiveOne(projectId, featureName, actor));
        return reply.status(202).send();
      },
    );

    app.post(
      '/api/admin/features/validate',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'validateFeature',
            'Check a flag name',
            'Answers 200 when a flag could be created with this name, 400 saying why when the name is not allowed, and 409 when it is taken (archived flags included).',
          ),
          body: ValidateFeatureBody,
          response: { 200: noContent('The name is free and valid.'), ...errorResponses(400, 401, 409, 415) },
        },
      },
      async (request, reply) => {
        await createFlagService(db).validateName(request.body.name);
        return reply.status(200).send();
      },
    );

    app.post(
      `${FLAG}/clone`,
      {
        config: { auth: { permission: 'CREATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Features',
            'cloneFeature',
            'Clone a flag',
            'Copies a flag of this project under a new name in this project, with its strategies, segments, variants and dependencies; the copy starts off. A flag of another project is not found (404). With `replaceGroupId` (default true) strategies use the new name as groupId.',
          ),
          params: FlagParams,
          body: CloneFeatureBody,
          response: { 201: FeatureResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        const flag = await inTransaction(db, (tx) =>
          createFlagCloneService(tx).clone(projectId, featureName, request.body, actor),
        );
        return reply.status(201).send(await details(projectId, flag.name, actor.userId));
      },
    );

    app.post(
      `${FLAG}/changeProject`,
      {
        config: {
          auth: {
            permission: 'MOVE_FEATURE_TOGGLE',
            // Needed in both projects; change requests on in either stop a direct move.
            project: async (request) => {
              const { projectId } = request.params as { projectId: string };
              const target = (request.body as { newProjectId?: unknown } | undefined)?.newProjectId;
              return typeof target === 'string' ? [projectId, target] : [projectId];
            },
            reviewedBy: 'project',
          },
        },
        schema: {
          ...describe(
            'Features',
            'changeProject',
            'Move a flag to another project',
            'Moves the flag, with its environments, strategies, variants, tags and links, to `newProjectId`; environments of the new project it was never configured in start off. Needs MOVE_FEATURE_TOGGLE in both projects, and direct changes in both (no change requests on, or SKIP_CHANGE_REQUEST). A flag with dependencies, or whose strategies use segments of its project, does not move (403 InvalidOperationError). Records a `feature-project-change` event in the new project.',
          ),
          params: FlagParams,
          body: ChangeProjectBody,
          response: {
            200: noContent('The flag is in the new project.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { projectId, featureName } = request.params;
        await inTransaction(db, (tx) =>
          createFlagMoveService(tx).move(projectId, featureName, request.body.newProjectId, actorOf(request)),
        );
        return reply.status(200).send();
      },
    );
  };
}
