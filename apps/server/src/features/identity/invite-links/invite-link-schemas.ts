import { Type } from 'typebox';
import { RoleResponse } from '../users/user-schemas.ts';

const exampleLink = {
  secret: 'a3f1c2…deeff0',
  name: 'Onboarding week',
  enabled: true,
  expiresAt: '2026-02-01T00:00:00.000Z',
  createdAt: '2026-01-15T10:00:00.000Z',
  createdBy: 'admin',
  users: [{ id: 7, name: 'Vera', email: 'vera@example.com', username: null }],
  role: { id: 3, name: 'Viewer', description: 'Read everything, change nothing', type: 'root' },
};
/** The answer to a creation, the only one with the full secret and the link. */
export const exampleCreatedLink = {
  ...exampleLink,
  secret: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff0',
  url: 'https://flags.example.com/new-user?invite=a3f1c2d4e5b6a7980112233445566778899aabbccddeeff0',
  users: [],
};
const nullableText = Type.Union([Type.String(), Type.Null()]);

export const InviteLinkResponse = Type.Object(
  {
    secret: Type.String({
      description:
        'The full secret in the answer that created the link; a masked form everywhere else, since only its hash is stored.',
    }),
    url: Type.Optional(
      Type.String({
        description:
          'The link to share, the sign-up page of this Switchyard: only in the answer that created the link.',
      }),
    ),
    name: Type.String(),
    enabled: Type.Boolean(),
    expiresAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: nullableText,
    users: Type.Array(
      Type.Object({ id: Type.Integer(), name: nullableText, email: nullableText, username: nullableText }),
      { description: 'The people who signed up with the link.' },
    ),
    role: { ...RoleResponse, description: 'The root role people who sign up get.' },
  },
  { $id: 'publicSignupTokenSchema', examples: [exampleLink] },
);

export const InviteLinkListResponse = Type.Object(
  { tokens: Type.Array(Type.Ref('publicSignupTokenSchema')) },
  { examples: [{ tokens: [exampleLink] }] },
);

export const CreateInviteLinkBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    expiresAt: Type.String({ format: 'date-time', description: 'Must be in the future.' }),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Onboarding week', expiresAt: '2026-02-01T00:00:00.000Z' }],
  },
);

export const UpdateInviteLinkBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'Must be in the future.' })),
  },
  { additionalProperties: false, examples: [{ enabled: false }] },
);

export const SignUpBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ format: 'email', maxLength: 320 }),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    password: Type.String({ minLength: 8, maxLength: 200 }),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Vera Viewer', email: 'vera@example.com', password: 'correct-horse-battery' }],
  },
);

export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
