import { Type } from 'typebox';

const nullableString = () => Type.Union([Type.String(), Type.Null()]);
const roleIds = (description: string) =>
  Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, description });

const example = {
  users: [
    {
      id: 3,
      name: 'Ada',
      username: 'ada',
      email: 'ada@example.com',
      isAPI: false,
      accountType: 'User',
      addedAt: '2026-11-20T10:00:00.000Z',
      roleId: 4,
      roles: [4],
    },
  ],
  groups: [
    {
      id: 7,
      name: 'Checkout team',
      userCount: 4,
      addedAt: '2026-11-20T10:00:00.000Z',
      roleId: 5,
      roles: [5],
    },
  ],
  roles: [{ id: 4, name: 'Owner', type: 'project', description: 'Everything in the project' }],
};

export const ProjectAccessResponse = Type.Object(
  {
    users: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: nullableString(),
        username: nullableString(),
        email: nullableString(),
        isAPI: Type.Boolean({ description: 'True for a service account.' }),
        accountType: Type.String({ description: '"User" or "Service Account".' }),
        addedAt: Type.String({ format: 'date-time' }),
        roleId: Type.Integer({ description: "The first of `roles` (Unleash's single-role field)." }),
        roles: Type.Array(Type.Integer()),
      }),
    ),
    groups: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        description: Type.Optional(nullableString()),
        userCount: Type.Integer(),
        addedAt: Type.String({ format: 'date-time' }),
        roleId: Type.Integer(),
        roles: Type.Array(Type.Integer()),
      }),
    ),
    roles: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        type: Type.String(),
        description: Type.String(),
      }),
      { description: 'The project roles that can be granted.' },
    ),
  },
  { examples: [example] },
);

export const AddAccessBody = Type.Object(
  {
    roles: roleIds('Project roles to grant.'),
    users: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 10_000,
      description: 'User and service account ids.',
    }),
    groups: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000, description: 'Group ids.' }),
  },
  { additionalProperties: false, examples: [{ roles: [5], users: [3], groups: [7] }] },
);

export const SetAccessBody = Type.Object(
  {
    roles: Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1 }),
        users: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })),
        groups: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 })),
      }),
      { maxItems: 100 },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        roles: [
          { id: 4, users: [3] },
          { id: 5, groups: [7] },
        ],
      },
    ],
  },
);

export const SetRolesBody = Type.Object(
  { roles: roleIds('The project roles to hold, replacing the ones held now.') },
  { additionalProperties: false, examples: [{ roles: [5, 101] }] },
);

export const ProjectUserParams = Type.Object({
  projectId: Type.String({ maxLength: 100 }),
  userId: Type.Integer({ minimum: 1 }),
});
export const ProjectGroupParams = Type.Object({
  projectId: Type.String({ maxLength: 100 }),
  groupId: Type.Integer({ minimum: 1 }),
});
export const ProjectParams = Type.Object({ projectId: Type.String({ maxLength: 100 }) });
