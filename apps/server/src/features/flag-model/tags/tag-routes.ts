import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import {
  TagBody,
  TagListResponse,
  TagParams,
  TagTypeResponse,
  TagWithVersionResponse,
  TypeParams,
} from './tag-schemas.ts';
import { createTagService } from './tag-service.ts';
import { tagTypeRoutes } from './tag-type-routes.ts';

/** /api/admin/tags and /api/admin/tag-types: the labels that can be put on flags. Editors manage them. */
export function tagRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(TagTypeResponse);
    const service = createTagService(deps.db);
    const tx = <T>(fn: (s: ReturnType<typeof createTagService>) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createTagService(t)));

    app.get(
      '/api/admin/tags',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Tags', 'getTags', 'List tags', 'Lists every tag of every type.'),
          response: { 200: TagListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ version: 1 as const, tags: await service.listTags() }),
    );

    app.get(
      '/api/admin/tags/:type',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Tags', 'getTagsByType', 'List the tags of a type', 'Lists the tags of one tag type.'),
          params: TypeParams,
          response: { 200: TagListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ version: 1 as const, tags: await service.listTags(request.params.type) }),
    );

    app.get(
      '/api/admin/tags/:type/:value',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Tags', 'getTag', 'Get a tag', 'Returns one tag by its type and value.'),
          params: TagParams,
          response: { 200: TagWithVersionResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ version: 1 as const, tag: await service.getTag(request.params) }),
    );

    app.post(
      '/api/admin/tags',
      {
        config: { auth: { permission: 'UPDATE_FEATURE' } },
        schema: {
          ...describe(
            'Tags',
            'createTag',
            'Create a tag',
            'Creates a tag of an existing tag type. The value is 2 to 50 characters; surrounding spaces are removed.',
          ),
          body: TagBody,
          response: { 201: TagWithVersionResponse, ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request, reply) => {
        const tag = await tx((s) => s.createTag(request.body, actorOf(request)));
        return reply
          .status(201)
          .header('location', `tags/${encodeURIComponent(tag.type)}/${encodeURIComponent(tag.value)}`)
          .send({ version: 1 as const, tag });
      },
    );

    app.delete(
      '/api/admin/tags/:type/:value',
      {
        config: { auth: { permission: 'UPDATE_FEATURE' } },
        schema: {
          ...describe(
            'Tags',
            'deleteTag',
            'Delete a tag',
            'Deletes a tag and takes it off every flag that carries it.',
          ),
          params: TagParams,
          response: { 200: noContent('The tag was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.deleteTag(request.params, actorOf(request)));
        return reply.status(200).send();
      },
    );

    await app.register(tagTypeRoutes(deps));
  };
}
