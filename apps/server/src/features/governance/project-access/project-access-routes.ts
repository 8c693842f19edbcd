import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { toRoleSummary } from '../access/role-wire.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import {
  AddAccessBody,
  ProjectAccessResponse,
  ProjectGroupParams,
  ProjectParams,
  ProjectUserParams,
  SetAccessBody,
  SetRolesBody,
} from './project-access-schemas.ts';
import { assertMayGrant } from './project-access-grant.ts';
import { createProjectAccessService, type ProjectAccessService } from './project-access-service.ts';

const READ = { permission: 'PROJECT_USER_ACCESS_READ', project: 'params.projectId' } as const;
const WRITE = { permission: 'PROJECT_USER_ACCESS_WRITE', project: 'params.projectId' } as const;

/** /api/admin/projects/{projectId}/access: who holds which project roles, directly or through groups. */
export function projectAccessRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createProjectAccessService(deps.db);
    const tx = <T>(fn: (s: ProjectAccessService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createProjectAccessService(t)));
    const done = noContent('The change is saved.');

    app.get(
      '/api/admin/projects/:projectId/access',
      {
        config: { auth: READ },
        schema: {
          ...describe(
            'Projects',
            'getProjectAccess',
            'Who has access to a project',
            'The people, service accounts and groups holding roles in the project, with their roles, and the project roles that can be granted.',
          ),
          params: ProjectParams,
          response: { 200: ProjectAccessResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const access = await service.list(request.params.projectId);
        return {
          users: access.users.map((user) => ({
            id: user.id,
            name: user.name,
            username: user.username,
            email: user.email,
            isAPI: user.isService,
            accountType: user.isService ? 'Service Account' : 'User',
            addedAt: user.addedAt.toISOString(),
            roleId: user.roles[0]!,
            roles: user.roles,
          })),
          groups: access.groups.map((group) => ({
            id: group.id,
            name: group.name,
            description: group.description,
            userCount: group.userCount,
            addedAt: group.addedAt.toISOString(),
            roleId: group.roles[0]!,
            roles: group.roles,
          })),
          roles: access.roles.map(toRoleSummary),
        };
      },
    );

    app.post(
      '/api/admin/projects/:projectId/access',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'addAccessToProject',
            'Give access to a project',
            'Gives every listed user, service account and group every listed project role, on top of the roles they hold. Outside Admins, a role can be given only by someone who holds each of its permissions in the project (403 naming the first one missing).',
          ),
          params: ProjectParams,
          body: AddAccessBody,
          response: { 200: done, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, async (t) => {
          await assertMayGrant(t, request.access, request.params.projectId, request.body.roles);
          await createProjectAccessService(t).add(request.params.projectId, request.body, actorOf(request));
        });
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/projects/:projectId/access',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'setProjectAccess',
            'Set who has access to a project',
            'Replaces the whole access configuration of the project: everyone not listed loses their project roles. Outside Admins, a role can be given only by someone who holds each of its permissions in the project.',
          ),
          params: ProjectParams,
          body: SetAccessBody,
          response: { 200: done, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, async (t) => {
          const granted = request.body.roles.flatMap((role) => (role.id === undefined ? [] : [role.id]));
          await assertMayGrant(t, request.access, request.params.projectId, granted);
          await createProjectAccessService(t).set(
            request.params.projectId,
            request.body.roles,
            actorOf(request),
          );
        });
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/projects/:projectId/users/:userId/roles',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'setRolesForUser',
            "Set a user's project roles",
            'Replaces the roles a user or service account holds directly in the project.',
          ),
          params: ProjectUserParams,
          body: SetRolesBody,
          response: { 200: done, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, userId } = request.params;
        await inTransaction(deps.db, async (t) => {
          await assertMayGrant(t, request.access, projectId, request.body.roles);
          await createProjectAccessService(t).setUserRoles(
            projectId,
            userId,
            request.body.roles,
            actorOf(request),
          );
        });
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/projects/:projectId/users/:userId/roles',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'removeUserAccess',
            'Remove a user from a project',
            'Removes every role the user or service account holds directly in the project (roles through groups stay).',
          ),
          params: ProjectUserParams,
          response: { 200: done, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, userId } = request.params;
        await tx((s) => s.removeUser(projectId, userId, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/projects/:projectId/groups/:groupId/roles',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'setRolesForGroup',
            "Set a group's project roles",
            'Replaces the roles a group holds in the project; every member acts with them.',
          ),
          params: ProjectGroupParams,
          body: SetRolesBody,
          response: { 200: done, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, groupId } = request.params;
        await inTransaction(deps.db, async (t) => {
          await assertMayGrant(t, request.access, projectId, request.body.roles);
          await createProjectAccessService(t).setGroupRoles(
            projectId,
            groupId,
            request.body.roles,
            actorOf(request),
          );
        });
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/projects/:projectId/groups/:groupId/roles',
      {
        config: { auth: WRITE },
        schema: {
          ...describe(
            'Projects',
            'removeGroupAccess',
            'Remove a group from a project',
            'Removes every role the group holds in the project.',
          ),
          params: ProjectGroupParams,
          response: { 200: done, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, groupId } = request.params;
        await tx((s) => s.removeGroup(projectId, groupId, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
