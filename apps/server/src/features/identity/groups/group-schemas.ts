import { Type } from 'typebox';

const nullableString = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.Union([Type.String(options), Type.Null()]);

const exampleGroup = {
  id: 7,
  name: 'Checkout team',
  description: 'Everyone who works on checkout',
  mappingsSSO: ['checkout-engineers'],
  rootRole: null,
  createdBy: 'admin',
  createdAt: '2026-11-20T10:00:00.000Z',
  users: [
    {
      joinedAt: '2026-11-20T10:00:00.000Z',
      createdBy: 'admin',
      user: { id: 3, name: 'Ada', username: 'ada', email: 'ada@example.com', isAPI: false },
    },
  ],
  projects: ['checkout'],
  userCount: 1,
  scimId: null,
};

export const GroupResponse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.Optional(nullableString()),
    mappingsSSO: Type.Array(Type.String(), {
      description: 'SSO groups whose members join this group at sign-in.',
    }),
    rootRole: Type.Union([Type.Integer(), Type.Null()], {
      description: 'A root role every member holds besides their own, or null.',
    }),
    createdBy: nullableString(),
    createdAt: Type.String({ format: 'date-time' }),
    users: Type.Array(
      Type.Object({
        joinedAt: Type.String({ format: 'date-time' }),
        createdBy: nullableString(),
        user: Type.Object({
          id: Type.Integer(),
          name: nullableString(),
          username: nullableString(),
          email: nullableString(),
          isAPI: Type.Boolean(),
        }),
      }),
    ),
    projects: Type.Array(Type.String(), { description: 'Projects where the group holds a role.' }),
    userCount: Type.Integer(),
    scimId: nullableString({ description: 'Set for groups provisioned through SCIM; null otherwise.' }),
  },
  { $id: 'groupSchema', examples: [exampleGroup] },
);

export const GroupListResponse = Type.Object(
  { groups: Type.Array(Type.Ref('groupSchema')) },
  { examples: [{ groups: [exampleGroup] }] },
);

export const CreateGroupBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(nullableString({ maxLength: 1000 })),
    mappingsSSO: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    rootRole: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    users: Type.Optional(
      Type.Array(Type.Object({ user: Type.Object({ id: Type.Integer({ minimum: 1 }) }) }), {
        maxItems: 10_000,
      }),
    ),
  },
  {
    examples: [
      {
        name: 'Checkout team',
        description: 'Everyone who works on checkout',
        mappingsSSO: ['checkout-engineers'],
        users: [{ user: { id: 3 } }],
      },
    ],
  },
);

export const GroupIdParams = Type.Object({ groupId: Type.Integer({ minimum: 1 }) });
