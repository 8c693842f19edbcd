import { Type } from 'typebox';
import { PatResponse, RoleField, RoleResponse } from '../users/user-schemas.ts';

const examplePat = {
  id: 4,
  description: 'deploy pipeline',
  expiresAt: '2027-06-30T00:00:00.000Z',
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: null,
};
const exampleAccount = {
  id: 12,
  username: 'deploy-bot',
  name: 'Deploy pipeline',
  rootRole: 2,
  rootRoleName: 'Editor',
  isAPI: true,
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: null,
  tokens: [examplePat],
};

const Token = { ...PatResponse, $id: undefined };

export const ServiceAccountResponse = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    rootRole: Type.Integer({
      description: 'Root role id: 1 Admin, 2 Editor, 3 Viewer, or a custom root role.',
    }),
    rootRoleName: Type.String({ description: 'The name of the root role.' }),
    isAPI: Type.Boolean({
      description: 'Always true: kept for Unleash clients that tell accounts apart by it.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When one of its tokens was last used.',
    }),
    tokens: Type.Array(Token, { description: 'Its tokens, without their secrets.' }),
  },
  { $id: 'serviceAccountSchema', examples: [exampleAccount] },
);

export const ServiceAccountListResponse = Type.Object(
  {
    serviceAccounts: Type.Array(Type.Ref('serviceAccountSchema')),
    rootRoles: Type.Array(RoleResponse, { description: 'The root roles a service account can have.' }),
  },
  {
    examples: [
      {
        serviceAccounts: [exampleAccount],
        rootRoles: [{ id: 2, name: 'Editor', description: 'Create and change flags', type: 'root' }],
      },
    ],
  },
);

export const CreateServiceAccountBody = Type.Object(
  {
    username: Type.String({
      minLength: 2,
      maxLength: 100,
      pattern: '^[A-Za-z0-9._-]+$',
      description: 'Unique among users and service accounts: letters, digits and . _ - only.',
    }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    rootRole: RoleField,
  },
  {
    additionalProperties: false,
    examples: [{ username: 'deploy-bot', name: 'Deploy pipeline', rootRole: 2 }],
  },
);

export const UpdateServiceAccountBody = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 200 })), rootRole: Type.Optional(RoleField) },
  { additionalProperties: false, examples: [{ rootRole: 3 }] },
);

export const ServiceAccountTokenListResponse = Type.Object(
  { pats: Type.Array(Token) },
  { examples: [{ pats: [examplePat] }] },
);

export const ServiceAccountTokenResponse = Token;

export const ServiceAccountParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The service account id.' }),
});
export const ServiceAccountTokenParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The service account id.' }),
  tokenId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The token id.' }),
});
