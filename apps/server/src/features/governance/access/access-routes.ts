import { csvCell } from '../../../http/csv.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allows, levelOf, PERMISSION_NAMES, seesEverything, type Scope } from '@switchyard/access';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { createGroupStore, createUserStore, toUserResponse, type User } from '../../identity/index.ts';
import { createProjectAccessStore } from '../project-access/project-access-store.ts';
import { createAccessReadModel } from './access-read-model.ts';
import {
  AccessOverviewResponse,
  UserPermissionsQuery,
  UserPermissionsResponse,
  UsersAndGroupsResponse,
} from './access-schemas.ts';
import { createRoleStore } from './role-store.ts';
import { toAdminPermission, toRoleSummary } from './role-wire.ts';

const CHECKED = PERMISSION_NAMES.filter((name) => name !== 'READ');

/** Who may do what: a user's effective permissions, the access overview, and the people and groups to grant to. */
export function accessRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = createUserStore(deps.db);
    const roles = createRoleStore(deps.db);
    const access = createAccessReadModel(deps.db);

    const effectivePermissions = async (user: User, query: { project?: string; environment?: string }) => {
      const held = await access.accessOfUser(user.id, user.rootRole);
      const project = query.project ?? 'default';
      const [first] = await deps.db.query<{ name: string }>(
        'SELECT name FROM environments ORDER BY sort_order, name LIMIT 1',
      );
      const environment = query.environment ?? first?.name ?? 'development';
      const check = (scope: Scope) => (permission: (typeof CHECKED)[number]) => ({
        ...toAdminPermission({ permission, environment }),
        hasPermission: allows(held, permission, scope),
      });
      const projectRoleIds = await createProjectAccessStore(deps.db).roleIdsOf(user.id, project);
      const [rootRole] = await roles.findByIds([user.rootRole]);
      return {
        overview: {
          root: CHECKED.filter((p) => levelOf(p) === 'root').map(check({})),
          project: CHECKED.filter((p) => levelOf(p) === 'project')
            .map(check({ projects: [project] }))
            .map(({ environment: _e, ...permission }) => permission),
          environment: CHECKED.filter((p) => levelOf(p) === 'environment').map(
            check({ projects: [project], environments: [environment] }),
          ),
        },
        user: toUserResponse(user),
        rootRole: toRoleSummary(rootRole!),
        projectRoles: projectRoleIds.length ? (await roles.findByIds(projectRoleIds)).map(toRoleSummary) : [],
      };
    };

    app.get(
      '/api/admin/user-admin/:id/permissions',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Users',
            'getUserPermissions',
            "A user's effective permissions",
            'Every permission with whether the user holds it: at the root, in a project and in one environment of it, through their root role, their project roles and their groups.',
          ),
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          querystring: UserPermissionsQuery,
          response: { 200: UserPermissionsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = await users.findPersonById(request.params.id);
        if (!user) throw new NotFoundError(`Could not find a user with id ${request.params.id}`);
        return effectivePermissions(user, request.query);
      },
    );

    app.get(
      '/api/admin/service-account/:id/permissions',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Service Accounts',
            'getServiceAccountPermissions',
            "A service account's effective permissions",
            'Every permission with whether the service account holds it, at the root, in a project and in one environment of it.',
          ),
          params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
          querystring: UserPermissionsQuery,
          response: { 200: UserPermissionsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = await users.findById(request.params.id);
        if (!user?.isService)
          throw new NotFoundError(`Could not find a service account with id ${request.params.id}`);
        return effectivePermissions(user, request.query);
      },
    );

    app.get(
      '/api/admin/access/overview',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Auth',
            'getAccessOverview',
            'Access overview',
            'Every user with their root role, groups and the projects they hold roles in. Send `Accept: text/csv` for a CSV file with the same columns.',
          ),
          response: { 200: AccessOverviewResponse, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const allProjects = (await deps.db.query<{ id: string }>('SELECT id FROM projects ORDER BY id')).map(
          (r) => r.id,
        );
        const groups = await createGroupStore(deps.db).list();
        const overview = [];
        for (const user of await users.list()) {
          const held = await access.accessOfUser(user.id, user.rootRole);
          overview.push({
            userId: user.id,
            createdAt: user.createdAt.toISOString(),
            userName: user.name ?? user.username,
            userEmail: user.email,
            lastSeen: user.seenAt?.toISOString() ?? null,
            accessibleProjects: seesEverything(held) ? allProjects : [...held.projects.keys()].sort(),
            groups: groups.filter((g) => g.users.some((u) => u.user.id === user.id)).map((g) => g.name),
            rootRole: user.rootRoleName,
          });
        }
        if ((request.headers.accept ?? '').includes('text/csv')) {
          const header = 'userId,userName,userEmail,rootRole,groups,accessibleProjects,createdAt,lastSeen';
          const rows = overview.map((row) =>
            [
              String(row.userId),
              row.userName ?? '',
              row.userEmail ?? '',
              row.rootRole,
              row.groups.join(';'),
              row.accessibleProjects.join(';'),
              row.createdAt,
              row.lastSeen ?? '',
            ]
              .map(csvCell)
              .join(','),
          );
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="access-overview.csv"')
            .serializer((body: string) => body)
            .send(([header, ...rows].join('\n') + '\n') as never);
        }
        return { overview };
      },
    );

    app.get(
      '/api/admin/user-admin/access',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getBaseUsersAndGroups',
            'People and groups to grant access to',
            'Every user, service account and group, with just enough to pick them when giving access to a project.',
          ),
          response: { 200: UsersAndGroupsResponse, ...errorResponses(401) },
        },
      },
      async () => {
        const people = [...(await users.list()), ...(await users.list({ service: true }))];
        const groups = await createGroupStore(deps.db).list();
        return {
          users: people.map((user) => ({
            id: user.id,
            name: user.name,
            username: user.username,
            email: user.email,
            accountType: user.isService ? 'Service Account' : 'User',
          })),
          groups: groups.map((group) => ({ id: group.id, name: group.name, userCount: group.users.length })),
        };
      },
    );
  };
}
