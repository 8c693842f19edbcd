import { Type } from 'typebox';

/** SCIM bodies carry many attributes Switchyard does not keep; they are accepted and ignored. */
const open = { additionalProperties: true } as const;

export const ScimUserBody = Type.Object(
  {
    userName: Type.Optional(Type.String()),
    externalId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    displayName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    active: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  },
  open,
);

export const ScimGroupBody = Type.Object(
  {
    displayName: Type.String({ minLength: 1 }),
    externalId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    members: Type.Optional(Type.Array(Type.Object({ value: Type.String({ minLength: 1 }) }, open))),
  },
  open,
);

export const PatchBody = Type.Object(
  {
    Operations: Type.Array(
      Type.Object(
        { op: Type.String(), path: Type.Optional(Type.String()), value: Type.Optional(Type.Unknown()) },
        open,
      ),
    ),
  },
  open,
);

export const ScimIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const ScimListQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 1000 })),
  startIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
});
