import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GRANTABLE_PERMISSIONS, levelOf, type PermissionName } from '@switchyard/access';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createRoleService, type RoleService } from './role-service.ts';
import {
  AdminPermission,
  CreatedRoleResponse,
  CreateRoleBody,
  PermissionsResponse,
  RoleIdParams,
  RoleListResponse,
  RoleProjectAccessResponse,
  RoleWithPermissions,
} from './role-schemas.ts';
import { toAdminPermission, toRoleSummary, toRoleWithPermissions } from './role-wire.ts';

const ofLevel = (level: string): PermissionName[] =>
  GRANTABLE_PERMISSIONS.filter((name) => levelOf(name) === level);

/** /api/admin/roles and /api/admin/permissions: predefined and custom roles, and the catalogue they draw from. */
export function roleRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(AdminPermission);
    const service = createRoleService(deps.db);
    const tx = <T>(fn: (s: RoleService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createRoleService(t)));
    const roleResponse = (description: string) => ({ ...CreatedRoleResponse, description });

    app.get(
      '/api/admin/roles',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getRoles',
            'List roles',
            'Every role: the predefined root roles (Admin, Editor, Viewer) and project roles (Owner, Member, Reader) first, then custom root and project roles by name.',
          ),
          response: { 200: RoleListResponse, ...errorResponses(401) },
        },
      },
      async () => ({ version: 1 as const, roles: (await service.list()).map(toRoleSummary) }),
    );

    app.get(
      '/api/admin/roles/:roleId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Users', 'getRoleById', 'Get a role', 'One role with every permission it holds.'),
          params: RoleIdParams,
          response: { 200: { ...RoleWithPermissions, $id: undefined }, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => toRoleWithPermissions(await service.get(request.params.roleId)),
    );

    app.post(
      '/api/admin/roles',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'createRole',
            'Create a role',
            'Creates a custom root role (`type: root-custom`, root permissions only) or a custom project role (`type: custom`, the default: project permissions, and environment permissions each naming its environment).',
          ),
          body: CreateRoleBody,
          response: { 200: roleResponse('The created role.'), ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request) => {
        const role = await tx((s) => s.create(request.body, actorOf(request)));
        return { version: 1 as const, roles: toRoleSummary(role) };
      },
    );

    app.post(
      '/api/admin/roles/validate',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'validateRole',
            'Check a role',
            'Checks a role as it would be created: 200 when its name is free and its permissions are valid, 400 naming the field when not. Stores nothing.',
          ),
          body: CreateRoleBody,
          response: { 200: noContent('The role may be created.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        await service.validate(request.body);
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/roles/:roleId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'updateRole',
            'Update a role',
            'Replaces the name, description and permissions of a custom role; everyone holding it acts with the new permissions from their next request. Predefined roles cannot be changed.',
          ),
          params: RoleIdParams,
          body: CreateRoleBody,
          response: {
            200: roleResponse('The role after the change.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) => {
        const role = await tx((s) => s.update(request.params.roleId, request.body, actorOf(request)));
        return { version: 1 as const, roles: toRoleSummary(role) };
      },
    );

    app.delete(
      '/api/admin/roles/:roleId',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'deleteRole',
            'Delete a role',
            'Deletes a custom role. Predefined roles cannot be deleted (400), nor can a role anyone holds (409 naming where).',
          ),
          params: RoleIdParams,
          response: { 200: noContent('The role is gone.'), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(request.params.roleId, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.get(
      '/api/admin/projects/roles/:roleId/access',
      {
        config: { auth: { permission: 'READ_ROLE' } },
        schema: {
          ...describe(
            'Projects',
            'getRoleProjectAccess',
            'Where a role is held',
            'Per project, how many users, service accounts and groups hold this project role.',
          ),
          params: RoleIdParams,
          response: { 200: RoleProjectAccessResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { roleId } = request.params;
        await service.get(roleId);
        const usage = await service.usage(roleId);
        return {
          projects: usage.projects.map((p) => ({
            project: p.project,
            role: roleId,
            userCount: p.users,
            serviceAccountCount: p.serviceAccounts,
            groupCount: p.groups,
          })),
        };
      },
    );

    app.get(
      '/api/admin/permissions',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Auth',
            'getPermissions',
            'List permissions',
            'The permissions a custom role can hold: root ones, project ones, and the environment ones once per environment. ADMIN (the Admin role) and READ (every principal) are not grantable.',
          ),
          response: { 200: PermissionsResponse, ...errorResponses(401) },
        },
      },
      async () => {
        const environments = await deps.db.query<{ name: string }>(
          'SELECT name FROM environments ORDER BY sort_order, name',
        );
        return {
          version: 1 as const,
          permissions: {
            root: ofLevel('root').map((permission) => toAdminPermission({ permission })),
            project: ofLevel('project').map((permission) => toAdminPermission({ permission })),
            environments: environments.map(({ name }) => ({
              name,
              permissions: ofLevel('environment').map((permission) =>
                toAdminPermission({ permission, environment: name }),
              ),
            })),
          },
        };
      },
    );
  };
}
