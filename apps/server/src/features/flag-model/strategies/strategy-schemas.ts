import { PARAMETER_TYPES } from '@switchyard/rules';
import { Type } from 'typebox';
import { STRATEGY_NAME_PATTERN } from './strategy.ts';

const exampleParameter = {
  name: 'tenants',
  type: 'list',
  description: 'The tenants that get the flag',
  required: true,
};

const exampleStrategy = {
  title: 'Tenants',
  name: 'tenantRollout',
  displayName: 'Tenants',
  description: 'On for the listed tenants.',
  editable: true,
  deprecated: false,
  parameters: [exampleParameter],
};

const ParameterType = Type.Union(
  PARAMETER_TYPES.map((type) => Type.Literal(type)),
  { description: `One of ${PARAMETER_TYPES.join(', ')}.` },
);

const ParameterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: ParameterType,
    description: Type.Optional(Type.String()),
    required: Type.Optional(Type.Boolean({ description: 'Whether flags must set the parameter.' })),
  },
  { additionalProperties: false, examples: [exampleParameter] },
);

export const StrategyResponse = Type.Object(
  {
    title: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()], { description: 'Same as title.' }),
    description: Type.Union([Type.String(), Type.Null()]),
    editable: Type.Boolean({ description: 'False for built-in strategies, which cannot be changed.' }),
    deprecated: Type.Boolean(),
    parameters: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.String(),
        description: Type.String(),
        required: Type.Boolean(),
      }),
    ),
  },
  { $id: 'strategySchema', examples: [exampleStrategy] },
);

export const StrategyListResponse = Type.Object(
  { version: Type.Literal(1), strategies: Type.Array(Type.Ref('strategySchema')) },
  { examples: [{ version: 1, strategies: [exampleStrategy] }] },
);

const definitionProperties = {
  title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  parameters: Type.Array(ParameterBody, { description: 'The parameters flags set; names must be unique.' }),
};

export const CreateStrategyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: STRATEGY_NAME_PATTERN,
      description: 'Letters, digits and . _ ~ - only; SDKs look the strategy up by this name.',
    }),
    ...definitionProperties,
    editable: Type.Optional(Type.Boolean({ description: 'Ignored: custom strategies are always editable.' })),
    deprecated: Type.Optional(Type.Boolean({ description: 'Ignored: new strategies start active.' })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'tenantRollout',
        title: 'Tenants',
        description: 'On for the listed tenants.',
        parameters: [exampleParameter],
      },
    ],
  },
);

export const UpdateStrategyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ description: 'Ignored when it is the strategy name; no renaming.' })),
    ...definitionProperties,
  },
  {
    additionalProperties: false,
    examples: [
      { title: 'Tenants', description: 'On for the listed tenants.', parameters: [exampleParameter] },
    ],
  },
);

export const NameParams = Type.Object({ name: Type.String({ description: 'The strategy name.' }) });
export const StrategyNameParams = Type.Object({
  strategyName: Type.String({ description: 'The strategy name.' }),
});

export const exampleStrategyUse = {
  id: '6b5a3e9c-1f2d-4c7e-9a8b-0c1d2e3f4a5b',
  projectId: 'default',
  featureName: 'new-checkout',
  strategyName: 'flexibleRollout',
  environment: 'production',
};

/** One flag strategy, as listed by the "which strategies use X" operations. */
export const StrategyUseResponse = Type.Object(
  {
    id: Type.String(),
    projectId: Type.String(),
    featureName: Type.String(),
    strategyName: Type.String(),
    environment: Type.String(),
  },
  { examples: [exampleStrategyUse] },
);

export const ContextFieldStrategiesResponse = Type.Object(
  { strategies: Type.Array(StrategyUseResponse) },
  { examples: [{ strategies: [exampleStrategyUse] }] },
);

const exampleSegmentsUpdate = {
  projectId: 'default',
  strategyId: exampleStrategyUse.id,
  environmentId: 'production',
  segmentIds: [1, 3],
};

export const StrategySegmentsBody = Type.Object(
  {
    projectId: Type.String({ minLength: 1, description: 'The project of the flag.' }),
    strategyId: Type.String({ minLength: 1, description: 'The flag strategy to change.' }),
    environmentId: Type.String({ minLength: 1, description: 'The environment of the strategy.' }),
    segmentIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), {
      description: 'The complete new set of segments; at most 5.',
    }),
  },
  { additionalProperties: false, examples: [exampleSegmentsUpdate] },
);

export const StrategySegmentsResponse = Type.Object(
  {
    projectId: Type.String(),
    strategyId: Type.String(),
    environmentId: Type.String(),
    segmentIds: Type.Array(Type.Integer()),
  },
  { examples: [exampleSegmentsUpdate] },
);

export const ContextFieldParams = Type.Object({
  contextField: Type.String({ description: 'The context field name.' }),
});
export const ProjectContextFieldParams = Type.Object({
  projectId: Type.String({ description: 'The project id.' }),
  contextField: Type.String({ description: 'The context field name.' }),
});
