import { Type } from 'typebox';

const exampleUser = {
  id: 1,
  username: 'admin',
  email: null,
  name: 'Admin',
  rootRole: 1,
  rootRoleName: 'Admin',
  permissions: ['ADMIN'],
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: null,
  isAPI: false,
};

export const UserResponse = Type.Object(
  {
    id: Type.Integer(),
    username: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    rootRole: Type.Integer({
      description: 'Root role id: 1 Admin, 2 Editor, 3 Viewer, or a custom root role.',
    }),
    rootRoleName: Type.String({ description: 'The name of the root role.' }),
    permissions: Type.Array(Type.String(), { description: 'What the root role allows.' }),
    createdAt: Type.String({ format: 'date-time' }),
    seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    isAPI: Type.Boolean(),
    scimId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'Set when an identity provider manages the user through SCIM: change the user there, not here.',
      }),
    ),
    active: Type.Optional(
      Type.Boolean({ description: 'False once SCIM deactivated the user: they cannot sign in.' }),
    ),
  },
  { $id: 'userSchema', examples: [exampleUser] },
);

/** Unleash's createUserResponseSchema: the user, and the link to set a first password when one was made. */
export const CreateUserResponse = Type.Object(
  {
    ...UserResponse.properties,
    emailSent: Type.Boolean({
      description:
        'Whether a welcome email with a link to set a password went to the user (email configured and an address given).',
    }),
    inviteLink: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          'The link with which the user sets their password, for 7 days, once; made when the welcome email went out or no password was given.',
      }),
    ),
  },
  {
    examples: [
      {
        ...exampleUser,
        emailSent: false,
        inviteLink: 'https://flags.example.com/new-user?token=cVd0Q0l6a2F1a3J0',
      },
    ],
  },
);

export const MeResponse = Type.Object(
  {
    user: Type.Ref('userSchema'),
    permissions: Type.Array(
      Type.Object({
        permission: Type.String(),
        project: Type.Optional(
          Type.String({ description: 'Where a project permission applies; `*` is every project.' }),
        ),
        environment: Type.Optional(
          Type.String({ description: 'Where an environment permission applies; `*` is every environment.' }),
        ),
      }),
    ),
    feedback: Type.Array(
      Type.Object({
        userId: Type.Integer(),
        feedbackId: Type.String(),
        neverShow: Type.Boolean(),
        given: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
      { description: 'The admin UI feedback prompts the user answered (`POST /api/admin/feedback`).' },
    ),
    splash: Type.Record(Type.String(), Type.Boolean(), {
      description:
        'The admin UI splash screens the user has seen (`POST /api/admin/splash/{id}`), as `true`.',
    }),
  },
  {
    examples: [
      {
        user: exampleUser,
        permissions: [{ permission: 'ADMIN' }],
        feedback: [{ userId: 1, feedbackId: 'pnps', neverShow: false, given: '2026-01-15T10:00:00.000Z' }],
        splash: { 'new-ui': true },
      },
    ],
  },
);

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, description: 'Username or email.' }),
    password: Type.String({ minLength: 1 }),
  },
  { examples: [{ username: 'admin', password: 'unleash4all' }] },
);

/** A root role in a request: its Unleash id or its name. */
export const RoleField = Type.Union(
  [Type.Integer({ minimum: 1 }), Type.String({ minLength: 1, maxLength: 100 })],
  {
    description:
      'A root role, by id (1 Admin, 2 Editor, 3 Viewer, or a custom root role) or by name. Anything else is a 400.',
  },
);

export const CreateUserBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    email: Type.Optional(Type.String({ format: 'email' })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
    rootRole: RoleField,
  },
  {
    additionalProperties: false,
    examples: [{ username: 'viewer', name: 'Vera Viewer', password: 'correct-horse-battery', rootRole: 3 }],
  },
);

export const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email' })),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    rootRole: Type.Optional(RoleField),
  },
  { additionalProperties: false, examples: [{ rootRole: 2 }] },
);

export const UserListResponse = Type.Object(
  { users: Type.Array(Type.Ref('userSchema')) },
  { examples: [{ users: [exampleUser] }] },
);

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const PatResponse = Type.Object(
  {
    id: Type.Integer(),
    description: Type.String(),
    secret: Type.Optional(Type.String({ description: 'Only in the response that creates the token.' })),
    expiresAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  {
    $id: 'patSchema',
    examples: [
      {
        id: 1,
        description: 'CI script',
        expiresAt: '2027-01-01T00:00:00.000Z',
        createdAt: '2026-01-15T10:00:00.000Z',
        seenAt: null,
      },
    ],
  },
);

export const CreatePatBody = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 200 }),
    expiresAt: Type.String({ format: 'date-time', description: 'Must be in the future.' }),
  },
  {
    additionalProperties: false,
    examples: [{ description: 'CI script', expiresAt: '2027-01-01T00:00:00.000Z' }],
  },
);

export const PatListResponse = Type.Object(
  { pats: Type.Array(Type.Ref('patSchema')) },
  { examples: [{ pats: [] }] },
);

export const NewPassword = Type.String({ minLength: 8, maxLength: 200 });

/** Unleash's passwordSchema, for your own password. */
export const ChangeMyPasswordBody = Type.Object(
  {
    password: NewPassword,
    oldPassword: Type.Optional(
      Type.String({ description: 'Your current password; required when you have one.' }),
    ),
    confirmPassword: Type.Optional(Type.String({ description: 'When given, must equal `password`.' })),
  },
  {
    additionalProperties: false,
    examples: [
      { oldPassword: 'unleash4all', password: 'a-long-passphrase', confirmPassword: 'a-long-passphrase' },
    ],
  },
);

export const ChangeUserPasswordBody = Type.Object(
  { password: NewPassword },
  { additionalProperties: false, examples: [{ password: 'a-long-passphrase' }] },
);

/** A root role in an answer, as Unleash's roleSchema. */
export const RoleResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String({
    description:
      'root (predefined root role), root-custom (custom root role), project (predefined project role) or custom (custom project role).',
  }),
});
