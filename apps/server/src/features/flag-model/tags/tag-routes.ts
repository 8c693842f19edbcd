import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { type ScopeResolver, unseenPrivateProjects } from '../../../http/auth.ts';
import { NoAccessError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { hiddenProjects } from '../projects/hidden-projects.ts';
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
    /**
     * Deleting a tag takes it off flags of every project that uses it: the caller must be able to change flags in
     * each of them, and a private project's flags are not the caller's to strip (403, without naming the project).
     */
    const projectsCarrying: ScopeResolver = async (request, facts) => {
      const { type, value } = request.params as { type: string; value: string };
      const rows = await deps.db.query<{ project_id: string }>(
        `SELECT DISTINCT f.project_id FROM flag_tags t JOIN flags f ON f.name = t.flag_name
          WHERE t.tag_type = $1 AND t.tag_value = $2`,
        [type, value],
      );
      const projects = rows.map((row) => row.project_id);
      if ((await unseenPrivateProjects(request.access, facts, projects)).length)
        throw new NoAccessError('This tag is on flags you cannot change');
      return projects;
    };
    const tx = <T>(fn: (s: ReturnType<typeof createTagService>) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createTagService(t)));

    app.get(
      '/api/admin/tags',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Tags',
            'getTags',
            'List tags',
            'Lists every tag of every type, but those only flags of private projects the caller is no member of carry.',
          ),
          response: { 200: TagListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        version: 1 as const,
        tags: await service.listTags(undefined, await hiddenProjects(deps.db, request.access)),
      }),
    );

    app.get(
      '/api/admin/tags/:type',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Tags',
            'getTagsByType',
            'List the tags of a type',
            'Lists the tags of one tag type, but those only flags of private projects the caller is no member of carry.',
          ),
          params: TypeParams,
          response: { 200: TagListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        version: 1 as const,
        tags: await service.listTags(request.params.type, await hiddenProjects(deps.db, request.access)),
      }),
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
      async (request) => ({
        version: 1 as const,
        tag: await service.getTag(request.params, await hiddenProjects(deps.db, request.access)),
      }),
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
        config: { auth: { permission: 'UPDATE_FEATURE', project: projectsCarrying } },
        schema: {
          ...describe(
            'Tags',
            'deleteTag',
            'Delete a tag',
            'Deletes a tag and takes it off every flag that carries it. Needs UPDATE_FEATURE in every project whose flags carry it.',
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
