import { Type } from 'typebox';

const exampleBody = {
  name: 'Stop checkout on errors',
  description: 'Turns new-checkout off in production when the error alert fires',
  enabled: true,
  actorId: 5,
  match: {
    source: 'signal-endpoint',
    sourceId: 1,
    payload: { status: { operator: 'IN', values: ['firing'] } },
  },
  actions: [
    {
      action: 'TOGGLE_FEATURE_OFF',
      sortOrder: 1,
      executionParams: { project: 'default', environment: 'production', featureName: 'new-checkout' },
    },
  ],
};
const exampleSet = {
  id: 1,
  project: 'default',
  createdAt: '2026-01-15T10:00:00.000Z',
  createdByUserId: 1,
  ...exampleBody,
  actions: exampleBody.actions.map((action) => ({
    id: 1,
    createdAt: '2026-01-15T10:00:00.000Z',
    createdByUserId: 1,
    ...action,
  })),
};

const ActionNameSchema = Type.Union(
  [
    Type.Literal('TOGGLE_FEATURE_ON'),
    Type.Literal('TOGGLE_FEATURE_OFF'),
    Type.Literal('TOGGLE_FEATURES_ON_BY_TAG'),
    Type.Literal('TOGGLE_FEATURES_OFF_BY_TAG'),
  ],
  { description: 'What the action does.' },
);

const Filter = Type.Object(
  {
    operator: Type.String({
      minLength: 1,
      maxLength: 50,
      description: 'A constraint operator: IN, STR_CONTAINS, NUM_GT, …',
    }),
    values: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 25 })),
    value: Type.Optional(Type.String({ maxLength: 1000 })),
    inverted: Type.Optional(Type.Boolean()),
    caseInsensitive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const ExecutionParams = Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 200 }), {
  description:
    '`environment` and `featureName` (one flag) or `tag` (`type:value`, every flag of the project with it); `project` if given must be this project.',
});

export const ActionSetBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    actorId: Type.Integer({
      minimum: 1,
      description: 'The service account the actions run as, with its permissions.',
    }),
    match: Type.Object(
      {
        source: Type.Literal('signal-endpoint'),
        sourceId: Type.Integer({
          minimum: 1,
          description: 'The signal endpoint whose signals the set acts on.',
        }),
        payload: Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Filter, {
          maxProperties: 5,
          description: 'Payload field (dotted for nested objects) → a condition; every one must hold.',
        }),
      },
      { additionalProperties: false },
    ),
    actions: Type.Array(
      Type.Object(
        {
          action: ActionNameSchema,
          sortOrder: Type.Integer({ minimum: 1, maximum: 1000 }),
          executionParams: Type.Optional(ExecutionParams),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10 },
    ),
  },
  { examples: [exampleBody] },
);

const ActionResponse = Type.Object({
  id: Type.Integer(),
  action: ActionNameSchema,
  sortOrder: Type.Integer(),
  executionParams: Type.Record(Type.String(), Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
});

export const ActionSetResponse = Type.Object(
  {
    id: Type.Integer(),
    project: Type.String(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    actorId: Type.Integer(),
    match: Type.Object({
      source: Type.Literal('signal-endpoint'),
      sourceId: Type.Integer(),
      payload: Type.Record(Type.String(), Filter),
    }),
    actions: Type.Array(ActionResponse),
    createdAt: Type.String({ format: 'date-time' }),
    createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
  },
  { examples: [exampleSet] },
);

export const ActionSetListResponse = Type.Object(
  { actions: Type.Array(ActionSetResponse) },
  { examples: [{ actions: [exampleSet] }] },
);

export const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 100 }) });
export const ActionSetParams = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 100 }),
  actionSetId: Type.Integer({ minimum: 1, description: "The action set's id." }),
});
export const EventQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

export const ActionsConfigResponse = Type.Record(
  Type.String(),
  Type.Object({
    label: Type.String(),
    description: Type.String(),
    category: Type.String(),
    permissions: Type.Array(Type.String()),
    parameters: Type.Array(
      Type.Object({
        name: Type.String(),
        label: Type.String(),
        type: Type.Union([Type.Literal('select'), Type.Literal('hidden')]),
        optional: Type.Optional(Type.Boolean()),
      }),
    ),
  }),
  {
    examples: [
      {
        TOGGLE_FEATURE_OFF: {
          label: 'Turn a flag off',
          description: 'Turns one flag off in an environment.',
          category: 'Feature flags',
          permissions: ['UPDATE_FEATURE_ENVIRONMENT'],
          parameters: [
            { name: 'project', label: 'Project', type: 'hidden' },
            { name: 'environment', label: 'Environment', type: 'select' },
            { name: 'featureName', label: 'Flag', type: 'select' },
          ],
        },
      },
    ],
  },
);

export const ActionSetEventsResponse = Type.Object(
  {
    actionSetEvents: Type.Array(
      Type.Object({
        id: Type.Integer(),
        actionSetId: Type.Integer(),
        signalId: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        state: Type.Union([Type.Literal('started'), Type.Literal('success'), Type.Literal('failed')]),
        signal: Type.Unknown({ description: 'The signal that matched.' }),
        actionSet: Type.Unknown({
          description:
            'The action set as it ran; each action with its `state` (not started, started, success, failed) and `details`.',
        }),
      }),
    ),
  },
  {
    examples: [
      {
        actionSetEvents: [
          {
            id: 1,
            actionSetId: 1,
            signalId: 7,
            createdAt: '2026-01-15T10:05:01.000Z',
            state: 'success',
            signal: { id: 7, source: 'signal-endpoint', sourceId: 1, payload: { status: 'firing' } },
            actionSet: { ...exampleSet, actions: [{ ...exampleSet.actions[0], state: 'success' }] },
          },
        ],
      },
    ],
  },
);
