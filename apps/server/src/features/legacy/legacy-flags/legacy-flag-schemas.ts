import { MAX_FLAG_NAME_LENGTH } from '@switchyard/rules';
import { Type, type Static } from 'typebox';
import { Nullable } from '../../flag-model/flags/nullable-schema.ts';
import {
  ConstraintBody,
  ConstraintResponse,
  exampleConstraint,
} from '../../flag-model/flags/strategy-schemas.ts';
import { VariantBody, VariantResponse } from '../../flag-model/flags/variant-schemas.ts';

/** Wire shapes of the v1 Admin API (Unleash v3): a flag with `enabled` and `strategies` at the top. */

const ParameterValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const LegacyStrategyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'A built-in or custom strategy type.' }),
    parameters: Type.Optional(Type.Record(Type.String(), ParameterValue)),
    constraints: Type.Optional(Type.Array(ConstraintBody)),
  },
  { additionalProperties: false },
);

const legacyFields = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  type: Type.Optional(Type.String({ minLength: 1, description: 'A flag type, e.g. release.' })),
  enabled: Type.Optional(
    Type.Boolean({
      description: 'On or off in the legacy environment (the first enabled one of the project).',
    }),
  ),
  stale: Type.Optional(Type.Boolean()),
  impressionData: Type.Optional(Type.Boolean()),
  strategies: Type.Optional(
    Type.Array(LegacyStrategyBody, {
      maxItems: 100,
      description: 'Replace the strategies of the legacy environment.',
    }),
  ),
  variants: Type.Optional(
    Type.Array(VariantBody, { description: 'Replace the variants of the legacy environment.' }),
  ),
  // Sent back by scripts that PUT what they read; ignored.
  createdAt: Type.Optional(Type.Unknown()),
  lastSeenAt: Type.Optional(Type.Unknown()),
};

const exampleLegacyBody = {
  name: 'new-checkout',
  description: 'The redesigned checkout',
  enabled: true,
  strategies: [{ name: 'default', parameters: {} }],
};

export const LegacyCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_FLAG_NAME_LENGTH }),
    project: Type.Optional(Type.String({ minLength: 1, description: 'Defaults to `default`.' })),
    ...legacyFields,
  },
  { additionalProperties: false, examples: [exampleLegacyBody] },
);
export type LegacyCreateBody = Static<typeof LegacyCreateBody>;

export const LegacyUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'Must be the name in the path when given.' })),
    project: Type.Optional(Type.String({ description: 'Must be the flag’s project when given.' })),
    ...legacyFields,
  },
  { additionalProperties: false, examples: [exampleLegacyBody] },
);
export type LegacyUpdateBody = Static<typeof LegacyUpdateBody>;

export const LegacyFlagParams = Type.Object({ featureName: Type.String() });

export const LegacyListQuery = Type.Object(
  {
    project: Type.Optional(Type.String({ description: 'Only flags of this project.' })),
    namePrefix: Type.Optional(Type.String({ description: 'Only flags whose name starts with this.' })),
  },
  { additionalProperties: false },
);

const DateTime = Type.String({ format: 'date-time' });
export const LegacyFeatureResponse = Type.Object(
  {
    name: Type.String(),
    description: Nullable(Type.String()),
    type: Type.String(),
    project: Type.String(),
    enabled: Type.Boolean(),
    stale: Type.Boolean(),
    impressionData: Type.Boolean(),
    strategies: Type.Array(
      Type.Object({
        name: Type.String(),
        parameters: Type.Record(Type.String(), Type.String()),
        constraints: Type.Array(ConstraintResponse),
      }),
    ),
    variants: Type.Array(VariantResponse),
    createdAt: DateTime,
    lastSeenAt: Nullable(DateTime),
  },
  {
    examples: [
      {
        name: 'new-checkout',
        description: 'The redesigned checkout',
        type: 'release',
        project: 'default',
        enabled: true,
        stale: false,
        impressionData: false,
        strategies: [{ name: 'default', parameters: {}, constraints: [exampleConstraint] }],
        variants: [],
        createdAt: '2026-01-05T10:00:00.000Z',
        lastSeenAt: null,
      },
    ],
  },
);

export const LegacyFeatureListResponse = Type.Object({
  version: Type.Literal(1),
  features: Type.Array(LegacyFeatureResponse),
});
