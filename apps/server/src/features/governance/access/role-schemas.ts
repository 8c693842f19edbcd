import { Type } from 'typebox';

const nullableString = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.Union([Type.String(options), Type.Null()]);

export const AdminPermission = Type.Object(
  {
    id: Type.Integer({
      description: 'The position of the permission in the catalogue (Unleash numbers them).',
    }),
    name: Type.String({ description: 'The permission name, such as UPDATE_FEATURE_ENVIRONMENT.' }),
    displayName: Type.String(),
    type: Type.String({ description: 'root, project or environment: where the permission applies.' }),
    environment: Type.Optional(
      nullableString({ description: 'For environment permissions: the environment.' }),
    ),
  },
  { $id: 'adminPermissionSchema' },
);

const examplePermission = {
  id: 60,
  name: 'UPDATE_FEATURE_ENVIRONMENT',
  displayName: 'Turn flags on and off',
  type: 'environment',
  environment: 'development',
};

const exampleRole = {
  id: 101,
  type: 'custom',
  name: 'Development toggler',
  description: 'Turns flags on and off in development only',
};

export const RoleSummary = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'root, root-custom, project or custom.' }),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  project: Type.Optional(nullableString()),
});

export const RoleWithPermissions = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String({ description: 'root, root-custom, project or custom.' }),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    permissions: Type.Array(Type.Ref('adminPermissionSchema')),
  },
  { examples: [{ ...exampleRole, permissions: [examplePermission] }] },
);

export const RoleListResponse = Type.Object(
  { version: Type.Literal(1), roles: Type.Array(RoleSummary) },
  {
    examples: [
      {
        version: 1,
        roles: [
          { id: 4, type: 'project', name: 'Owner', description: 'Everything in the project' },
          exampleRole,
        ],
      },
    ],
  },
);

export const CreateRoleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(nullableString({ maxLength: 1000 })),
    type: Type.Optional(
      Type.Union([Type.Literal('root-custom'), Type.Literal('custom')], {
        description: 'root-custom for a custom root role, custom (the default) for a custom project role.',
      }),
    ),
    permissions: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.Optional(Type.String({ maxLength: 100, description: 'The permission name.' })),
          id: Type.Optional(
            Type.Integer({ minimum: 1, description: 'Or its id, as GET /api/admin/permissions lists it.' }),
          ),
          environment: Type.Optional(
            nullableString({ maxLength: 100, description: 'Required for environment permissions.' }),
          ),
        }),
        { maxItems: 1000 },
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Development toggler',
        description: 'Turns flags on and off in development only',
        type: 'custom',
        permissions: [
          { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
          { name: 'UPDATE_FEATURE' },
        ],
      },
    ],
  },
);

export const CreatedRoleResponse = Type.Object(
  { version: Type.Literal(1), roles: RoleSummary },
  { examples: [{ version: 1, roles: exampleRole }] },
);

export const RoleIdParams = Type.Object({ roleId: Type.Integer({ minimum: 1 }) });

const permissionList = Type.Array(Type.Ref('adminPermissionSchema'));
export const PermissionsResponse = Type.Object(
  {
    version: Type.Literal(1),
    permissions: Type.Object({
      root: permissionList,
      project: permissionList,
      environments: Type.Array(Type.Object({ name: Type.String(), permissions: permissionList })),
    }),
  },
  {
    examples: [
      {
        version: 1,
        permissions: {
          root: [{ id: 3, name: 'CREATE_ADDON', displayName: 'Create integrations', type: 'root' }],
          project: [
            {
              id: 38,
              name: 'CREATE_FEATURE',
              displayName: 'Create, clone and import flags',
              type: 'project',
            },
          ],
          environments: [{ name: 'development', permissions: [examplePermission] }],
        },
      },
    ],
  },
);

export const RoleProjectAccessResponse = Type.Object(
  {
    projects: Type.Array(
      Type.Object({
        project: Type.String(),
        role: Type.Optional(Type.Integer()),
        userCount: Type.Optional(Type.Integer()),
        serviceAccountCount: Type.Optional(Type.Integer()),
        groupCount: Type.Optional(Type.Integer()),
      }),
    ),
  },
  {
    examples: [
      { projects: [{ project: 'web', role: 101, userCount: 2, serviceAccountCount: 0, groupCount: 1 }] },
    ],
  },
);
