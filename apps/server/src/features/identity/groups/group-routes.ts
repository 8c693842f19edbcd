import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import type { Group } from './group.ts';
import { CreateGroupBody, GroupIdParams, GroupListResponse, GroupResponse } from './group-schemas.ts';
import { createGroupService, type GroupService } from './group-service.ts';

export const toGroupResponse = (group: Group) => ({
  id: group.id,
  name: group.name,
  description: group.description,
  mappingsSSO: group.mappingsSso,
  rootRole: group.rootRole,
  createdBy: group.createdBy,
  createdAt: group.createdAt.toISOString(),
  users: group.users.map((entry) => ({
    joinedAt: entry.joinedAt.toISOString(),
    createdBy: entry.createdBy,
    user: {
      id: entry.user.id,
      name: entry.user.name,
      username: entry.user.username,
      email: entry.user.email,
      isAPI: entry.user.isService,
    },
  })),
  projects: group.projects,
  userCount: group.users.length,
  scimId: group.scimId,
});

const groupResponse = (description: string) => ({ ...GroupResponse, $id: undefined, description });

/** /api/admin/groups: groups of users that hold roles together. Admins manage them; anyone signed in reads them. */
export function groupRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(GroupResponse);
    const service = createGroupService(deps.db);
    const tx = <T>(fn: (s: GroupService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createGroupService(t)));

    app.get(
      '/api/admin/groups',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getGroups',
            'List groups',
            'Every group with its members, root role, SSO mappings and projects.',
          ),
          response: { 200: GroupListResponse, ...errorResponses(401) },
        },
      },
      async () => ({ groups: (await service.list()).map(toGroupResponse) }),
    );

    app.get(
      '/api/admin/groups/:groupId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Users', 'getGroup', 'Get a group', 'One group with its members.'),
          params: GroupIdParams,
          response: { 200: groupResponse('The group.'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => toGroupResponse(await service.get(request.params.groupId)),
    );

    app.post(
      '/api/admin/groups',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'createGroup',
            'Create a group',
            'Creates a group with its members, an optional root role every member holds, and the SSO groups that make people members at sign-in.',
          ),
          body: CreateGroupBody,
          response: { 201: groupResponse('The created group.'), ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request, reply) => {
        const group = await tx((s) => s.create(request.body, actorOf(request)));
        return reply.status(201).send(toGroupResponse(group));
      },
    );

    app.put(
      '/api/admin/groups/:groupId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'updateGroup',
            'Update a group',
            'Replaces the name, description, root role, SSO mappings and member list of a group. Members not listed leave it. The name and members of a group managed by SCIM (`scimId` set) change only in the identity provider (403).',
          ),
          params: GroupIdParams,
          body: CreateGroupBody,
          response: {
            200: groupResponse('The group after the change.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) =>
        toGroupResponse(await tx((s) => s.update(request.params.groupId, request.body, actorOf(request)))),
    );

    app.delete(
      '/api/admin/groups/scim-groups',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteScimGroups',
            'Delete every SCIM group',
            'Deletes every group an identity provider created through SCIM, for example after turning SCIM off. Their members lose the roles they held through them at once.',
          ),
          response: { 200: noContent('The SCIM groups are gone.'), ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.deleteScimGroups(actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/groups/:groupId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteGroup',
            'Delete a group',
            'Deletes a group: its members lose the roles they held through it at once. A group managed by SCIM is removed in the identity provider instead (403).',
          ),
          params: GroupIdParams,
          response: { 200: noContent('The group is gone.'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(request.params.groupId, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
