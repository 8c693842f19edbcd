import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import {
  TagTypeBody,
  TagTypeListResponse,
  TagTypeParams,
  TagTypeResponse,
  TagTypeWithVersionResponse,
  UpdateTagTypeBody,
  ValidateTagTypeResponse,
} from './tag-schemas.ts';
import { createTagService } from './tag-service.ts';

/** /api/admin/tag-types; registered by tagRoutes, which adds the shared tagTypeSchema. */
export function tagTypeRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createTagService(deps.db);
    const tx = <T>(fn: (s: ReturnType<typeof createTagService>) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createTagService(t)));

    app.get(
      '/api/admin/tag-types',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Tags',
            'getTagTypes',
            'List tag types',
            'Lists every tag type with its icon and color.',
          ),
          response: { 200: TagTypeListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ version: 1 as const, tagTypes: await service.listTypes() }),
    );

    app.get(
      '/api/admin/tag-types/:name',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Tags', 'getTagType', 'Get a tag type', 'Returns one tag type by name.'),
          params: TagTypeParams,
          response: { 200: TagTypeWithVersionResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ version: 1 as const, tagType: await service.getType(request.params.name) }),
    );

    app.post(
      '/api/admin/tag-types',
      {
        config: { auth: { permission: 'CREATE_TAG_TYPE' } },
        schema: {
          ...describe(
            'Tags',
            'createTagType',
            'Create a tag type',
            'Creates a tag type. The name is 2 to 50 URL-safe characters; the color, if any, is a hex RGB value.',
          ),
          body: TagTypeBody,
          response: {
            201: { ...TagTypeResponse, $id: undefined, description: 'The created tag type.' },
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const tagType = await tx((s) => s.createType(request.body, actorOf(request)));
        return reply.status(201).header('location', `tag-types/${tagType.name}`).send(tagType);
      },
    );

    app.post(
      '/api/admin/tag-types/validate',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Tags',
            'validateTagType',
            'Check a tag type',
            'Checks that the body is a valid tag type whose name is free: 200 if so, 409 if a tag type has the name, 400 if the body is invalid. Changes nothing.',
          ),
          body: TagTypeBody,
          response: { 200: ValidateTagTypeResponse, ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request) => {
        await service.validateType(request.body.name);
        return { valid: true, tagType: request.body };
      },
    );

    app.put(
      '/api/admin/tag-types/:name',
      {
        config: { auth: { permission: 'UPDATE_TAG_TYPE' } },
        schema: {
          ...describe(
            'Tags',
            'updateTagType',
            'Update a tag type',
            'Changes the description, icon or color of a tag type; properties left out keep their values.',
          ),
          params: TagTypeParams,
          body: UpdateTagTypeBody,
          response: {
            200: noContent('The tag type was updated.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        await tx((s) => s.updateType(request.params.name, request.body, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/tag-types/:name',
      {
        config: { auth: { permission: 'DELETE_TAG_TYPE' } },
        schema: {
          ...describe(
            'Tags',
            'deleteTagType',
            'Delete a tag type',
            'Deletes a tag type with all its tags, and takes those tags off every flag that carries them.',
          ),
          params: TagTypeParams,
          response: { 200: noContent('The tag type was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.deleteType(request.params.name, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
