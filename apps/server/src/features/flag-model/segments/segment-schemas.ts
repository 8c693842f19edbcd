import { OPERATOR_NAMES } from '@switchyard/evaluation';
import { Type } from 'typebox';
import { exampleStrategyUse, StrategyUseResponse } from '../strategies/strategy-schemas.ts';

const exampleConstraint = {
  contextName: 'region',
  operator: 'IN',
  values: ['eu-north', 'eu-west'],
  caseInsensitive: false,
  inverted: false,
};

/** A constraint as clients send it; the operator is checked in code so the error can name the constraint. */
export const ConstraintBody = Type.Object(
  {
    contextName: Type.String({ minLength: 1, description: 'The context field the constraint reads.' }),
    operator: Type.String({ minLength: 1, description: `One of ${OPERATOR_NAMES.join(', ')}.` }),
    values: Type.Optional(
      Type.Array(Type.String(), { description: 'The values of IN, NOT_IN, STR_* and IN_CIDR.' }),
    ),
    value: Type.Optional(
      Type.String({ description: 'The single value of NUM_*, DATE_*, SEMVER_* and REGEX.' }),
    ),
    caseInsensitive: Type.Optional(Type.Boolean({ description: 'Compare strings ignoring case.' })),
    inverted: Type.Optional(Type.Boolean({ description: 'Negate the result.' })),
  },
  { examples: [exampleConstraint] },
);

export const ConstraintResponse = Type.Object(
  {
    contextName: Type.String(),
    operator: Type.String(),
    values: Type.Array(Type.String()),
    value: Type.Optional(Type.String()),
    caseInsensitive: Type.Boolean(),
    inverted: Type.Boolean(),
  },
  { examples: [exampleConstraint] },
);

export const exampleSegment = {
  id: 1,
  name: 'nordic-beta-users',
  description: 'Beta testers in the Nordic regions',
  constraints: [exampleConstraint],
  usedInFeatures: 2,
  usedInProjects: 1,
  project: null,
  createdBy: 'admin',
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const SegmentResponse = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    constraints: Type.Array(ConstraintResponse),
    usedInFeatures: Type.Union([Type.Integer(), Type.Null()], {
      description: 'How many flags have a strategy that uses the segment.',
    }),
    usedInProjects: Type.Union([Type.Integer(), Type.Null()], {
      description: 'How many projects those flags belong to.',
    }),
    project: Type.Union([Type.String(), Type.Null()], {
      description: 'The only project whose flags may use the segment; null for all projects.',
    }),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'adminSegmentSchema', examples: [exampleSegment] },
);

export const SegmentListResponse = Type.Object(
  { segments: Type.Array(Type.Ref('adminSegmentSchema')) },
  { examples: [{ segments: [exampleSegment] }] },
);

export const UpsertSegmentBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, description: 'Unique among all segments.' }),
    description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    project: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
        description: 'Limit the segment to one project; omit or null for every project.',
      }),
    ),
    constraints: Type.Array(ConstraintBody, { description: 'All must hold for the segment to match.' }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'nordic-beta-users',
        description: 'Beta testers in the Nordic regions',
        constraints: [exampleConstraint],
      },
    ],
  },
);

export const SegmentNameBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }) },
  { examples: [{ name: 'nordic-beta-users' }] },
);

export const SegmentStrategiesResponse = Type.Object(
  {
    strategies: Type.Array(StrategyUseResponse),
    changeRequestStrategies: Type.Array(
      Type.Object({
        id: Type.Optional(
          Type.String({ description: 'The strategy changed; absent for one the request adds.' }),
        ),
        projectId: Type.String(),
        featureName: Type.String(),
        strategyName: Type.String(),
        environment: Type.String(),
      }),
      {
        description:
          'Strategies that open change requests (in review, approved or scheduled) would add or change to use the segment.',
      },
    ),
  },
  { examples: [{ strategies: [exampleStrategyUse], changeRequestStrategies: [] }] },
);

export const SegmentIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The segment id.' }),
});
export const StrategyIdParams = Type.Object({
  strategyId: Type.String({ description: 'The id of a flag strategy.' }),
});
