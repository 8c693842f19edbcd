import { Type } from 'typebox';
import { ImpactMetricsWire } from './impact-metrics-wire.ts';

const ConstraintSchema = Type.Object(
  {
    contextName: Type.String(),
    operator: Type.String({ description: 'IN, NOT_IN, STR_CONTAINS, NUM_GT, DATE_AFTER, SEMVER_EQ, …' }),
    values: Type.Array(Type.String()),
    value: Type.Optional(Type.String()),
    inverted: Type.Boolean(),
    caseInsensitive: Type.Boolean(),
  },
  { additionalProperties: true },
);
const VariantSchema = Type.Object(
  {
    name: Type.String(),
    weight: Type.Number(),
    weightType: Type.String(),
    stickiness: Type.Optional(Type.String()),
    payload: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
    overrides: Type.Optional(
      Type.Array(Type.Object({ contextName: Type.String(), values: Type.Array(Type.String()) })),
    ),
  },
  { additionalProperties: true },
);
const ClientFeatureSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  project: Type.String(),
  enabled: Type.Boolean({ description: "The flag's state in the token's environment." }),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
  strategies: Type.Array(
    Type.Object({
      name: Type.String(),
      constraints: Type.Array(ConstraintSchema),
      parameters: Type.Record(Type.String(), Type.String()),
      variants: Type.Array(VariantSchema),
      segments: Type.Optional(Type.Array(Type.Integer())),
    }),
  ),
  variants: Type.Array(VariantSchema),
  dependencies: Type.Optional(
    Type.Array(
      Type.Object({
        feature: Type.String(),
        enabled: Type.Boolean(),
        variants: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  ),
});

const exampleFeature = {
  name: 'new-checkout',
  type: 'release',
  description: 'The redesigned checkout',
  project: 'default',
  enabled: true,
  stale: false,
  impressionData: false,
  strategies: [
    {
      name: 'flexibleRollout',
      constraints: [
        {
          contextName: 'email',
          operator: 'STR_ENDS_WITH',
          values: ['@example.com'],
          inverted: false,
          caseInsensitive: true,
        },
      ],
      parameters: { rollout: '50', stickiness: 'default', groupId: 'new-checkout' },
      variants: [],
      segments: [1],
    },
  ],
  variants: [],
};

export const ClientFeaturesResponse = Type.Object(
  {
    version: Type.Integer(),
    features: Type.Array(ClientFeatureSchema),
    query: Type.Object(
      {},
      { additionalProperties: true, description: 'The query after the token scope was applied.' },
    ),
    segments: Type.Optional(
      Type.Array(
        Type.Object({ id: Type.Integer(), name: Type.String(), constraints: Type.Array(ConstraintSchema) }),
        {
          description:
            'The segments the strategies of these flags use, and no other. Present for SDKs that send Unleash-Client-Spec 4.2.0 or newer; older ones get segment constraints inlined.',
        },
      ),
    ),
    meta: Type.Object({ revisionId: Type.Integer(), etag: Type.String(), queryHash: Type.String() }),
  },
  {
    examples: [
      {
        version: 2,
        features: [exampleFeature],
        query: { environment: 'development', inlineSegmentConstraints: false },
        segments: [{ id: 1, name: 'staff', constraints: [] }],
        meta: { revisionId: 42, etag: '"3f1a2b4c:42:v2"', queryHash: '3f1a2b4c' },
      },
    ],
  },
);

export const ClientFeatureResponse = Type.Object(ClientFeatureSchema.properties, {
  examples: [exampleFeature],
});

export const ClientFeaturesQuery = Type.Object({
  project: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: "Only these projects (within the token's).",
    }),
  ),
  namePrefix: Type.Optional(Type.String({ description: 'Only flags whose name starts with this.' })),
  tag: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: 'Only flags with one of these tags, as type:value.',
    }),
  ),
  environment: Type.Optional(Type.String({ description: 'Only used with tokens for all environments.' })),
});

/** How often a flag was checked in one bucket: stored as bigint, so past 2^31 but within JSON's exact integers. */
export const MetricCount = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** An ISO date or milliseconds since 1970, within the range a JavaScript Date (and PostgreSQL) can hold. */
export const DateLike = Type.Union([
  Type.String({ format: 'date-time' }),
  Type.Number({ minimum: 0, maximum: 8.64e15 }),
]);

export const RegisterBody = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    instanceId: Type.Optional(Type.String()),
    connectionId: Type.Optional(Type.String()),
    sdkVersion: Type.Optional(Type.String()),
    strategies: Type.Array(Type.String()),
    started: DateLike,
    interval: Type.Number({ minimum: 0, maximum: 2_147_483_647 }),
    platformName: Type.Optional(Type.String()),
    platformVersion: Type.Optional(Type.String()),
    yggdrasilVersion: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    specVersion: Type.Optional(Type.String()),
  },
  {
    additionalProperties: true,
    examples: [
      {
        appName: 'checkout-service',
        instanceId: 'checkout-1',
        sdkVersion: 'unleash-node-sdk:6.12.1',
        strategies: ['default', 'flexibleRollout'],
        started: '2026-01-15T10:00:00.000Z',
        interval: 15000,
      },
    ],
  },
);

const Bucket = Type.Object(
  {
    start: DateLike,
    stop: DateLike,
    toggles: Type.Record(
      Type.String(),
      Type.Object(
        {
          yes: MetricCount,
          no: MetricCount,
          variants: Type.Optional(Type.Record(Type.String(), MetricCount)),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);

export const MetricsBody = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    instanceId: Type.Optional(Type.String()),
    connectionId: Type.Optional(Type.String()),
    environment: Type.Optional(Type.String()),
    bucket: Type.Optional(Type.Union([Bucket, Type.Null()])),
    impactMetrics: Type.Optional(ImpactMetricsWire),
  },
  {
    additionalProperties: true,
    examples: [
      {
        appName: 'checkout-service',
        instanceId: 'checkout-1',
        bucket: {
          start: '2026-01-15T10:00:00.000Z',
          stop: '2026-01-15T10:01:00.000Z',
          toggles: { 'new-checkout': { yes: 42, no: 8, variants: { blue: 20, red: 22 } } },
        },
      },
    ],
  },
);

export const FeatureNameParams = Type.Object({ featureName: Type.String() });
