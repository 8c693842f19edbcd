import { Type } from 'typebox';

const Instant = (description: string) =>
  Type.String({
    minLength: 1,
    description: `${description} An ISO 8601 instant, such as 2026-12-02T14:32:00Z.`,
  });
const Loose = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const StateQuery = Type.Object(
  {
    environment: Type.String({ minLength: 1 }),
    project: Type.Optional(
      Type.String({ minLength: 1, description: 'One project; every visible project when left out.' }),
    ),
    at: Instant('The instant.'),
  },
  { additionalProperties: false },
);

const Moment = Type.Object({
  at: Type.String({ format: 'date-time', description: 'The instant asked for.' }),
  recordedAt: Type.String({
    format: 'date-time',
    description:
      'When the configuration in force then was recorded: the last change at or before the instant.',
  }),
  recordingId: Type.Integer(),
});

export const StateResponse = Type.Object(
  {
    environment: Type.String(),
    moment: Moment,
    features: Type.Array(
      Loose('A flag exactly as the Client API served it then (`GET /api/client/features`).'),
    ),
    segments: Type.Array(Loose('A segment those flags used then.')),
    contextFields: Type.Array(Loose('A context field as it was then.')),
  },
  {
    examples: [
      {
        environment: 'production',
        moment: { at: '2026-12-02T14:32:00.000Z', recordedAt: '2026-12-02T14:30:11.204Z', recordingId: 812 },
        features: [{ name: 'checkout', project: 'default', enabled: true, strategies: [], variants: [] }],
        segments: [],
        contextFields: [{ name: 'userId', description: 'An identifier of the current user' }],
      },
    ],
  },
);

export const CompareBody = Type.Object(
  {
    environment: Type.String({ minLength: 1 }),
    projects: Type.Optional(
      Type.Union([Type.Literal('*'), Type.Array(Type.String({ minLength: 1 }))], {
        description: '`*` for every project, or a list of project ids.',
      }),
    ),
    from: Instant('The earlier instant.'),
    to: Instant('The later instant.'),
    contexts: Type.Optional(
      Type.Array(Loose('A context, as in the playground.'), {
        maxItems: 1_000,
        description:
          'The contexts to compare; left out, `sample` generated users (userId user-1, user-2...).',
      }),
    ),
    sample: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000, default: 100 })),
  },
  {
    additionalProperties: false,
    examples: [
      { environment: 'production', from: '2026-12-02T14:00:00Z', to: '2026-12-02T15:00:00Z', sample: 100 },
    ],
  },
);

export const CompareResponse = Type.Object(
  {
    environment: Type.String(),
    from: Moment,
    to: Moment,
    flags: Type.Array(
      Type.Object({
        name: Type.String(),
        project: Type.String(),
        change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
        parts: Type.Array(Type.String(), {
          description: 'The fields that differ: enabled, strategies, variants...',
        }),
      }),
    ),
    contextsCompared: Type.Integer(),
    contexts: Type.Array(
      Type.Object({
        context: Loose('The context.'),
        gained: Type.Array(Type.String(), { description: 'Flags off for it at `from`, on at `to`.' }),
        lost: Type.Array(Type.String(), { description: 'Flags on for it at `from`, off at `to`.' }),
        variants: Type.Array(Type.Object({ flag: Type.String(), from: Type.String(), to: Type.String() })),
      }),
      { description: 'Only the contexts for which something differs.' },
    ),
  },
  {
    examples: [
      {
        environment: 'production',
        from: { at: '2026-12-02T14:00:00.000Z', recordedAt: '2026-12-02T13:51:09.112Z', recordingId: 801 },
        to: { at: '2026-12-02T15:00:00.000Z', recordedAt: '2026-12-02T14:30:11.204Z', recordingId: 812 },
        flags: [{ name: 'checkout', project: 'default', change: 'changed', parts: ['strategies'] }],
        contextsCompared: 100,
        contexts: [{ context: { userId: 'user-3' }, gained: [], lost: ['checkout'], variants: [] }],
      },
    ],
  },
);

export const TimelineParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const TimelineQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) },
  { additionalProperties: false },
);

const Share = Type.Union([
  Type.Object({
    enabled: Type.Number({ description: 'The share of 1,000 generated users who got the flag.' }),
    variants: Type.Record(Type.String(), Type.Number(), {
      description: 'The share of those users per variant.',
    }),
  }),
  Type.Null(),
]);

export const TimelineResponse = Type.Object(
  {
    changes: Type.Array(
      Type.Object({
        recordingId: Type.Integer(),
        at: Type.String({ format: 'date-time' }),
        change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
        parts: Type.Array(Type.String()),
        createdBy: Type.Array(Type.String(), { description: 'Who made the change.' }),
        changeRequestId: Type.Union([Type.Integer(), Type.Null()], {
          description: 'The change request the change was applied through, if any.',
        }),
        events: Type.Array(
          Type.Object({
            id: Type.Integer(),
            type: Type.String(),
            createdBy: Type.String(),
            createdAt: Type.String({ format: 'date-time' }),
          }),
        ),
        shareBefore: Share,
        shareAfter: Share,
      }),
    ),
    more: Type.Boolean({ description: 'Older changes exist beyond `limit`.' }),
  },
  {
    examples: [
      {
        changes: [
          {
            recordingId: 812,
            at: '2026-12-02T14:30:11.204Z',
            change: 'changed',
            parts: ['strategies'],
            createdBy: ['alice@example.com'],
            changeRequestId: 17,
            events: [
              {
                id: 4021,
                type: 'feature-strategy-updated',
                createdBy: 'alice@example.com',
                createdAt: '2026-12-02T14:30:11.180Z',
              },
            ],
            shareBefore: { enabled: 1, variants: {} },
            shareAfter: { enabled: 0.1, variants: {} },
          },
        ],
        more: false,
      },
    ],
  },
);

export const RestoreBody = Type.Object(
  { at: Instant('The instant to restore the flag in this environment to.') },
  { additionalProperties: false, examples: [{ at: '2026-12-02T14:00:00Z' }] },
);

export const RestoreResponse = Type.Object(
  {
    outcome: Type.Union([Type.Literal('applied'), Type.Literal('change-request'), Type.Literal('unchanged')]),
    changeRequestId: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The draft change request the restore was added to, where change requests are on.',
    }),
    changes: Type.Array(
      Type.Object({
        action: Type.String({
          description: 'A change-request action: addStrategy, updateStrategy, patchVariant...',
        }),
        payload: Type.Unknown({ description: 'What the change does, as a change request would hold it.' }),
      }),
    ),
  },
  {
    examples: [
      {
        outcome: 'applied',
        changeRequestId: null,
        changes: [
          { action: 'updateStrategy', payload: { id: '2f1c', name: 'flexibleRollout', sortOrder: 0 } },
        ],
      },
    ],
  },
);
