import { Type, type Static } from 'typebox';

/** How a list shows the example secret (maskSecret). */
const LISTED_SECRET = 'default:development.be7f1a…0a9b8c';

const exampleToken = {
  secret: 'default:development.be7f1a4e6b1c47bd9a3d2f4c8e6a1b0c9d8e7f6a5b4c3d2e1f0a9b8c',
  tokenName: 'checkout-service',
  type: 'client',
  project: 'default',
  projects: ['default'],
  environment: 'development',
  expiresAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  seenAt: null,
  alias: null,
};

export const ApiTokenResponse = Type.Object(
  {
    secret: Type.String({
      description:
        'The full secret when the token is created; in lists, a masked form: the prefix and the first and last 6 characters of the random part (`…#` and a hash fingerprint for a secret too short to show any).',
    }),
    tokenName: Type.String(),
    username: Type.String({ description: 'Same as tokenName, kept for older clients.' }),
    type: Type.Union([Type.Literal('client'), Type.Literal('frontend'), Type.Literal('admin')]),
    project: Type.String({ description: 'The single project, `*` for all, or `[]` for several.' }),
    projects: Type.Array(Type.String()),
    environment: Type.String(),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
    seenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    alias: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'apiTokenSchema', examples: [{ ...exampleToken, username: exampleToken.tokenName }] },
);

export const ApiTokenListResponse = Type.Object(
  { tokens: Type.Array(Type.Ref('apiTokenSchema')) },
  { examples: [{ tokens: [{ ...exampleToken, secret: LISTED_SECRET, username: exampleToken.tokenName }] }] },
);

export const CreateApiTokenBody = Type.Object(
  {
    tokenName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'What the token is for.' }),
    ),
    username: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Older name of tokenName.' }),
    ),
    type: Type.String({
      description:
        '`client` (or `backend`) for server-side SDKs, `frontend` for browser SDKs, `admin` for scripts.',
      minLength: 1,
    }),
    environment: Type.Optional(
      Type.String({ minLength: 1, description: 'Defaults to `development`; `*` only for admin tokens.' }),
    ),
    project: Type.Optional(Type.String({ minLength: 1 })),
    projects: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    expiresAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    secret: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^[^\\s:]+:[^\\s.]+\\.\\S+$',
        description:
          "The secret to use instead of a new random one, in the form `project:environment.random` (`*` for all projects, `[]` for several); its prefix must match the token's projects and environment, and it has at least 16 characters unless `imported`. For moving SDKs from another server without reconfiguring them (`npm run migrate`).",
      }),
    ),
    imported: Type.Optional(
      Type.Boolean({
        description:
          '`true`: `secret` is an existing token’s, moved from another server as it is, so it may have fewer than 16 characters (rotate such a token soon). Needs ADMIN; the `api-token-created` event records it.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { tokenName: 'checkout-service', type: 'client', environment: 'development', projects: ['default'] },
      {
        tokenName: 'migrated-checkout-service',
        type: 'client',
        environment: 'production',
        projects: ['default'],
        secret: 'default:production.5f0c3b2e9d8a7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f',
      },
    ],
  },
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const UpdateApiTokenBody = Type.Object(
  { expiresAt: Type.String({ format: 'date-time', description: 'The new expiry time.' }) },
  { additionalProperties: false, examples: [{ expiresAt: '2027-01-01T00:00:00.000Z' }] },
);

export const TokenParams = Type.Object({
  token: Type.String({ description: 'The full secret or the masked secret shown in lists.' }),
});
export const NameParams = Type.Object({ name: Type.String({ description: 'The token name.' }) });
