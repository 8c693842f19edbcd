import { Type } from 'typebox';

const Context = Type.Object(
  {
    appName: Type.Optional(Type.String()),
    userId: Type.Optional(Type.String()),
    sessionId: Type.Optional(Type.String()),
    remoteAddress: Type.Optional(Type.String()),
    currentTime: Type.Optional(Type.String()),
    properties: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  {
    additionalProperties: true,
    description: 'The context to evaluate with; other top-level fields become properties.',
  },
);
const Projects = Type.Union([Type.Literal('*'), Type.Array(Type.String({ minLength: 1 }))], {
  description: '`*` for every project, or a list of project ids.',
});

const At = Type.String({
  minLength: 1,
  description:
    'Evaluate against the configuration SDKs were served at this instant (ISO 8601, such as 2026-12-02T14:32:00Z) instead of now.',
});

export const PlaygroundBody = Type.Object(
  {
    environment: Type.String({ minLength: 1 }),
    projects: Type.Optional(Projects),
    context: Context,
    at: Type.Optional(At),
  },
  {
    additionalProperties: false,
    examples: [
      {
        environment: 'development',
        projects: '*',
        context: { appName: 'shop', userId: '42', properties: { plan: 'pro' } },
      },
    ],
  },
);

export const AdvancedPlaygroundBody = Type.Object(
  {
    environments: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
    projects: Type.Optional(Projects),
    context: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'Comma-separated values in a field are expanded into one context per value.',
      },
    ),
    at: Type.Optional(At),
  },
  {
    additionalProperties: false,
    examples: [
      {
        environments: ['development', 'production'],
        projects: '*',
        context: { appName: 'shop', userId: '1,2,3' },
      },
    ],
  },
);

const ConstraintResult = Type.Object(
  {
    contextName: Type.String(),
    operator: Type.String(),
    values: Type.Array(Type.String()),
    value: Type.Optional(Type.String()),
    inverted: Type.Boolean(),
    caseInsensitive: Type.Boolean(),
    result: Type.Boolean(),
    contextValue: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true },
);
const ResultValue = Type.Union([Type.Boolean(), Type.Literal('unknown')]);
const Variant = Type.Union([
  Type.Object({
    name: Type.String(),
    enabled: Type.Boolean(),
    payload: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
    feature_enabled: Type.Optional(Type.Boolean()),
  }),
  Type.Null(),
]);
const Strategy = Type.Object({
  name: Type.String(),
  id: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  disabled: Type.Boolean(),
  parameters: Type.Record(Type.String(), Type.String()),
  result: Type.Object({
    enabled: ResultValue,
    evaluationStatus: Type.Union([Type.Literal('complete'), Type.Literal('incomplete')]),
    variant: Type.Optional(Variant),
  }),
  constraints: Type.Array(ConstraintResult),
  segments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      result: Type.Boolean(),
      constraints: Type.Array(ConstraintResult),
    }),
  ),
});
const Dependency = Type.Object({
  feature: Type.String(),
  enabled: Type.Boolean(),
  variants: Type.Optional(Type.Array(Type.String())),
  result: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
});

export const PlaygroundFeature = Type.Object({
  name: Type.String(),
  projectId: Type.String(),
  isEnabled: Type.Boolean({ description: 'The final answer for this context.' }),
  isEnabledInCurrentEnvironment: Type.Boolean({ description: "The flag's own switch in this environment." }),
  isArchived: Type.Boolean(),
  hasUnsatisfiedDependency: Type.Boolean(),
  reason: Type.String({
    description: 'Why: flag-disabled, dependencies, no-strategies, strategy or no-strategy-matched.',
  }),
  strategies: Type.Object({ result: ResultValue, data: Type.Array(Strategy) }),
  dependencies: Type.Array(Dependency),
  variant: Variant,
  variants: Type.Array(
    Type.Object({ name: Type.String(), weight: Type.Number() }, { additionalProperties: true }),
  ),
});

const exampleFeature = {
  name: 'new-checkout',
  projectId: 'default',
  isEnabled: true,
  isEnabledInCurrentEnvironment: true,
  isArchived: false,
  hasUnsatisfiedDependency: false,
  reason: 'strategy',
  strategies: {
    result: true,
    data: [
      {
        name: 'flexibleRollout',
        id: '5b1c1d6e-7b0c-4d47-9c61-0b8c1d1c2a11',
        title: null,
        disabled: false,
        parameters: { rollout: '100', stickiness: 'default', groupId: 'new-checkout' },
        result: { enabled: true, evaluationStatus: 'complete' },
        constraints: [
          {
            contextName: 'plan',
            operator: 'IN',
            values: ['pro'],
            inverted: false,
            caseInsensitive: false,
            result: true,
            contextValue: 'pro',
          },
        ],
        segments: [],
      },
    ],
  },
  dependencies: [],
  variant: { name: 'disabled', enabled: false, feature_enabled: true },
  variants: [],
};

export const PlaygroundResponse = Type.Object(
  { input: Type.Object({}, { additionalProperties: true }), features: Type.Array(PlaygroundFeature) },
  {
    examples: [
      {
        input: {
          environment: 'development',
          projects: '*',
          context: { userId: '42', properties: { plan: 'pro' } },
        },
        features: [exampleFeature],
      },
    ],
  },
);

export const AdvancedPlaygroundResponse = Type.Object(
  {
    input: Type.Object({}, { additionalProperties: true }),
    features: Type.Array(
      Type.Object({
        name: Type.String(),
        projectId: Type.String(),
        environments: Type.Record(
          Type.String(),
          Type.Array(
            Type.Object({
              ...PlaygroundFeature.properties,
              environment: Type.String(),
              context: Type.Object({}, { additionalProperties: true }),
            }),
          ),
        ),
      }),
    ),
  },
  {
    examples: [
      {
        input: { environments: ['development'], projects: '*', context: { userId: '1,2' } },
        features: [
          {
            name: 'new-checkout',
            projectId: 'default',
            environments: {
              development: [{ ...exampleFeature, environment: 'development', context: { userId: '1' } }],
            },
          },
        ],
      },
    ],
  },
);
