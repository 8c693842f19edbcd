import { OPERATORS } from '@switchyard/rules';
import { Type, type Static } from 'typebox';
import { Nullable } from './nullable-schema.ts';
import { StrategyVariantBody, StrategyVariantResponse } from './variant-schemas.ts';

export const exampleConstraint = {
  contextName: 'appName',
  operator: 'IN',
  values: ['checkout', 'cart'],
  inverted: false,
  caseInsensitive: false,
};

export const ConstraintBody = Type.Object(
  {
    contextName: Type.String({ minLength: 1, maxLength: 100, description: 'The context field to compare.' }),
    operator: Type.String({ enum: [...OPERATORS] }),
    values: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'For IN, NOT_IN, STR_* and IN_CIDR (an empty list: IN matches nothing, NOT_IN everything).',
      }),
    ),
    value: Type.Optional(
      Type.String({
        description: 'For NUM_*, DATE_*, SEMVER_* and REGEX: a number, RFC 3339 date, SemVer or RE2.',
      }),
    ),
    inverted: Type.Optional(Type.Boolean({ description: 'Negates the result.' })),
    caseInsensitive: Type.Optional(Type.Boolean({ description: 'For STR_* and REGEX.' })),
  },
  { examples: [exampleConstraint] },
);
export type ConstraintBody = Static<typeof ConstraintBody>;

export const ConstraintResponse = Type.Object({
  contextName: Type.String(),
  operator: Type.String(),
  values: Type.Array(Type.String()),
  value: Type.Optional(Type.String()),
  inverted: Type.Boolean(),
  caseInsensitive: Type.Boolean(),
});

const ParameterValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const strategyFields = {
  name: Type.String({
    minLength: 1,
    description: 'A built-in or custom strategy type, e.g. flexibleRollout.',
  }),
  title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  disabled: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  sortOrder: Type.Optional(Type.Integer({ description: 'Position among the environment’s strategies.' })),
  constraints: Type.Optional(Type.Array(ConstraintBody)),
  parameters: Type.Optional(
    Type.Record(Type.String(), ParameterValue, {
      description: 'Strategy parameters; numbers and booleans are stored as strings.',
    }),
  ),
  variants: Type.Optional(Type.Array(StrategyVariantBody)),
  segments: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { description: 'Ids of segments to apply.' }),
  ),
};

const exampleStrategyBody = {
  name: 'flexibleRollout',
  title: 'Half of the users',
  constraints: [exampleConstraint],
  parameters: { rollout: '50', stickiness: 'default', groupId: 'new-checkout' },
  variants: [],
  segments: [],
};

export const CreateStrategyBody = Type.Object(strategyFields, {
  additionalProperties: false,
  examples: [exampleStrategyBody],
});
export type CreateStrategyBody = Static<typeof CreateStrategyBody>;

export const UpdateStrategyBody = Type.Object(
  { ...strategyFields, name: Type.Optional(strategyFields.name) },
  {
    additionalProperties: false,
    description: 'Fields left out keep their current value.',
    examples: [{ parameters: { rollout: '75', stickiness: 'default', groupId: 'new-checkout' } }],
  },
);
export type UpdateStrategyBody = Static<typeof UpdateStrategyBody>;

export const exampleStrategy = {
  id: '6b5157cb-343a-41e7-bfa3-7b4ec3044840',
  name: 'flexibleRollout',
  title: 'Half of the users',
  disabled: false,
  featureName: 'new-checkout',
  sortOrder: 0,
  segments: [],
  constraints: [exampleConstraint],
  variants: [],
  parameters: { rollout: '50', stickiness: 'default', groupId: 'new-checkout' },
};

export const StrategyResponse = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    title: Nullable(Type.String()),
    disabled: Type.Boolean(),
    featureName: Type.String(),
    sortOrder: Type.Integer(),
    segments: Type.Array(Type.Integer()),
    constraints: Type.Array(ConstraintResponse),
    variants: Type.Array(StrategyVariantResponse),
    parameters: Type.Record(Type.String(), Type.String()),
  },
  { examples: [exampleStrategy] },
);

export const StrategyListResponse = Type.Array(StrategyResponse, { examples: [[exampleStrategy]] });

export const SortOrderBody = Type.Array(
  Type.Object(
    { id: Type.String({ minLength: 1 }), sortOrder: Type.Integer() },
    { additionalProperties: false },
  ),
  { examples: [[{ id: exampleStrategy.id, sortOrder: 1 }]] },
);

export const StrategyParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  strategyId: Type.String(),
});
