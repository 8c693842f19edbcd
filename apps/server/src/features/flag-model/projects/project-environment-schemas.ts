import { Type } from 'typebox';

const Constraint = Type.Object({
  contextName: Type.String({ minLength: 1 }),
  operator: Type.String({ minLength: 1 }),
  values: Type.Optional(Type.Array(Type.String())),
  value: Type.Optional(Type.String()),
  inverted: Type.Optional(Type.Boolean()),
  caseInsensitive: Type.Optional(Type.Boolean()),
});

const StrategyVariant = Type.Object({
  name: Type.String({ minLength: 1 }),
  weight: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  weightType: Type.Optional(Type.Union([Type.Literal('variable'), Type.Literal('fix')])),
  stickiness: Type.Optional(Type.String()),
  payload: Type.Optional(
    Type.Object({
      type: Type.Union([
        Type.Literal('string'),
        Type.Literal('json'),
        Type.Literal('csv'),
        Type.Literal('number'),
      ]),
      value: Type.String(),
    }),
  ),
});

const exampleStrategy = {
  name: 'flexibleRollout',
  constraints: [
    { contextName: 'appName', operator: 'IN', values: ['checkout'], inverted: false, caseInsensitive: false },
  ],
  parameters: { rollout: '50', stickiness: 'userId', groupId: '' },
  variants: [],
  segments: [],
};

export const DefaultStrategyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Must be `flexibleRollout`.' }),
    title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    disabled: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    sortOrder: Type.Optional(Type.Integer()),
    constraints: Type.Optional(Type.Array(Constraint)),
    parameters: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
        description:
          'Stored as strings. `rollout` defaults to 100, `stickiness` to the project default, `groupId` to the flag name when applied.',
      }),
    ),
    variants: Type.Optional(Type.Array(StrategyVariant)),
    segments: Type.Optional(Type.Array(Type.Integer())),
  },
  { additionalProperties: false, examples: [exampleStrategy] },
);

export const DefaultStrategyResponse = Type.Object(
  {
    name: Type.String(),
    title: Type.Optional(Type.String()),
    disabled: Type.Optional(Type.Boolean()),
    sortOrder: Type.Optional(Type.Integer()),
    constraints: Type.Array(Type.Object({}, { additionalProperties: true })),
    parameters: Type.Record(Type.String(), Type.String()),
    variants: Type.Array(Type.Object({}, { additionalProperties: true })),
    segments: Type.Array(Type.Integer()),
  },
  { examples: [exampleStrategy] },
);

export const AddEnvironmentBody = Type.Object(
  {
    environment: Type.String({ minLength: 1, description: 'The environment to add to the project.' }),
    changeRequestsEnabled: Type.Optional(
      Type.Union([Type.Boolean(), Type.Null()], {
        description:
          'Turns change requests on in the environment for this project, with the approvals the environment requires by default (1 unless set).',
      }),
    ),
    defaultStrategy: Type.Optional(DefaultStrategyBody),
  },
  { additionalProperties: false, examples: [{ environment: 'staging' }] },
);

export const ProjectEnvironmentParams = Type.Object({
  projectId: Type.String({ description: 'The project id.' }),
  environment: Type.String({ description: 'The environment name.' }),
});
