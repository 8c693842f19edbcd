import { Type } from 'typebox';
import { UserResponse } from '../../identity/index.ts';

const checked = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    displayName: Type.String(),
    type: Type.String(),
    environment: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    hasPermission: Type.Boolean({ description: 'Whether the user holds it there.' }),
  }),
);

const role = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  description: Type.String(),
});

export const UserPermissionsQuery = Type.Object({
  project: Type.Optional(
    Type.String({ maxLength: 100, description: 'The project to check; `default` if left out.' }),
  ),
  environment: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'The environment to check; the first environment if left out.',
    }),
  ),
});

export const UserPermissionsResponse = Type.Object(
  {
    overview: Type.Object({ root: checked, project: checked, environment: checked }),
    user: { ...UserResponse, $id: undefined },
    rootRole: role,
    projectRoles: Type.Array(role, {
      description: 'The roles the user holds in the project, directly or through groups.',
    }),
  },
  {
    examples: [
      {
        overview: {
          root: [
            {
              id: 3,
              name: 'CREATE_ADDON',
              displayName: 'Create integrations',
              type: 'root',
              hasPermission: false,
            },
          ],
          project: [
            {
              id: 38,
              name: 'CREATE_FEATURE',
              displayName: 'Create, clone and import flags',
              type: 'project',
              hasPermission: true,
            },
          ],
          environment: [
            {
              id: 60,
              name: 'UPDATE_FEATURE_ENVIRONMENT',
              displayName: 'Turn flags on and off',
              type: 'environment',
              environment: 'development',
              hasPermission: true,
            },
          ],
        },
        user: {
          id: 3,
          username: 'ada',
          email: 'ada@example.com',
          name: 'Ada',
          rootRole: 3,
          rootRoleName: 'Viewer',
          permissions: [],
          createdAt: '2026-11-20T10:00:00.000Z',
          seenAt: null,
          isAPI: false,
        },
        rootRole: {
          id: 3,
          type: 'root',
          name: 'Viewer',
          description: 'Read everything you can see, change nothing',
        },
        projectRoles: [
          { id: 5, type: 'project', name: 'Member', description: 'Flag work in every environment' },
        ],
      },
    ],
  },
);

export const AccessOverviewResponse = Type.Object(
  {
    overview: Type.Array(
      Type.Object({
        userId: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        userName: Type.Union([Type.String(), Type.Null()]),
        userEmail: Type.Union([Type.String(), Type.Null()]),
        lastSeen: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
        accessibleProjects: Type.Array(Type.String(), {
          description: 'Projects where the user holds a role (every project for Admins).',
        }),
        groups: Type.Array(Type.String(), { description: 'Names of the groups the user is in.' }),
        rootRole: Type.String({ description: 'The name of the root role.' }),
      }),
    ),
  },
  {
    examples: [
      {
        overview: [
          {
            userId: 3,
            createdAt: '2026-11-20T10:00:00.000Z',
            userName: 'Ada',
            userEmail: 'ada@example.com',
            lastSeen: null,
            accessibleProjects: ['default', 'checkout'],
            groups: ['Checkout team'],
            rootRole: 'Editor',
          },
        ],
      },
    ],
  },
);

export const UsersAndGroupsResponse = Type.Object(
  {
    users: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.Union([Type.String(), Type.Null()]),
        username: Type.Union([Type.String(), Type.Null()]),
        email: Type.Union([Type.String(), Type.Null()]),
        accountType: Type.String({ description: '"User" or "Service Account".' }),
      }),
    ),
    groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), userCount: Type.Integer() })),
  },
  {
    examples: [
      {
        users: [{ id: 3, name: 'Ada', username: 'ada', email: 'ada@example.com', accountType: 'User' }],
        groups: [{ id: 7, name: 'Checkout team', userCount: 4 }],
      },
    ],
  },
);
