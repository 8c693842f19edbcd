import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import {
  FeatureNameParams,
  FeatureTagParams,
  ProjectParams,
  TagBody,
  TagResponse,
  TagsBulkAddBody,
  TagsResponse,
  UpdateTagsBody,
} from './flag-tag-schemas.ts';
import { createFlagTagService } from './flag-tag-service.ts';

/** Tags on flags: list, add, remove and change them, one flag or several of a project at once. */
export function flagTagRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const write = <T>(fn: (service: ReturnType<typeof createFlagTagService>) => Promise<T>) =>
    inTransaction(deps.db, (tx) => fn(createFlagTagService(tx)));
  const read = createFlagTagService(deps.db);

  return async (app) => {
    app.get(
      '/api/admin/features/:featureName/tags',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Features', 'listTags', 'List the tags of a flag', 'Lists the tags on the flag.'),
          params: FeatureNameParams,
          response: { 200: TagsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ version: 1, tags: await read.list(request.params.featureName) }),
    );

    app.post(
      '/api/admin/features/:featureName/tags',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: { flag: 'params.featureName' } } },
        schema: {
          ...describe(
            'Features',
            'addTag',
            'Tag a flag',
            'Adds a tag to the flag. The tag type must exist; a tag value that does not exist yet is created (`tag-created`). A flag that already has the tag is a 409. Records a `feature-tagged` event.',
          ),
          params: FeatureNameParams,
          body: TagBody,
          response: { 201: TagResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request, reply) => {
        const { featureName } = request.params;
        const tag = await write((service) => service.add(featureName, request.body, actorOf(request)));
        return reply.status(201).header('location', `${featureName}/tags`).send(tag);
      },
    );

    app.put(
      '/api/admin/features/:featureName/tags',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: { flag: 'params.featureName' } } },
        schema: {
          ...describe(
            'Features',
            'updateTags',
            'Add and remove tags of a flag',
            'Adds every tag of `addedTags` (creating missing tags; their types must exist), then removes every tag of `removedTags`. Both lists are required and may be empty; tags the flag already has, or lacks, are skipped. Answers with the tags of the flag.',
          ),
          params: FeatureNameParams,
          body: UpdateTagsBody,
          response: { 200: TagsResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { featureName } = request.params;
        const tags = await write((service) => service.update(featureName, request.body, actorOf(request)));
        return { version: 1, tags };
      },
    );

    app.delete(
      '/api/admin/features/:featureName/tags/:type/:value',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: { flag: 'params.featureName' } } },
        schema: {
          ...describe(
            'Features',
            'removeTag',
            'Remove a tag from a flag',
            'Removes the tag from the flag; succeeds without change when the flag does not carry it. Records a `feature-untagged` event.',
          ),
          params: FeatureTagParams,
          response: { 200: noContent('The tag was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { featureName, type, value } = request.params;
        await write((service) => service.remove(featureName, { type, value }, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/projects/:projectId/tags',
      {
        config: { auth: { permission: 'UPDATE_FEATURE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Tags',
            'addTagToFeatures',
            'Add and remove tags on several flags',
            'Applies the same tag changes to every listed flag of the project, all or none: adds `tags.addedTags` (creating missing tags), then removes `tags.removedTags`. Every flag must exist in the project.',
          ),
          params: ProjectParams,
          body: TagsBulkAddBody,
          response: { 200: noContent('The tags were changed.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { features, tags } = request.body;
        await write((service) =>
          service.updateMany(request.params.projectId, features, tags, actorOf(request)),
        );
        return reply.status(200).send();
      },
    );
  };
}
