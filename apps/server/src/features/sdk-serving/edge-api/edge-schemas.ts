import { Type } from 'typebox';
import { DateLike, MetricCount } from '../client-api/client-schemas.ts';
import { ImpactMetricsWire } from '../client-api/impact-metrics-wire.ts';

/** At most this many tokens per validate or issue-token request: an edge holds a handful, not thousands. */
export const MAX_TOKENS = 100;
const Name = Type.String({ minLength: 1, maxLength: 200 });

const ValidToken = Type.Object({
  token: Type.String(),
  type: Type.String({ description: '`client` or `frontend`.' }),
  projects: Type.Array(Type.String()),
  environment: Type.String(),
});
const exampleToken = {
  token: 'default:production.6c7ed8f1b0a44e8f9c3d2a1b0e9f8d7c6b5a4f3e2d1c0b9a8f7e6d5c',
  type: 'client',
  projects: ['default'],
  environment: 'production',
};
export const ValidTokensResponse = Type.Object(
  { tokens: Type.Array(ValidToken) },
  { examples: [{ tokens: [exampleToken] }] },
);

export const ValidateBody = Type.Object(
  { tokens: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: MAX_TOKENS }) },
  { examples: [{ tokens: [exampleToken.token, 'not-a-token'] }] },
);

export const IssueTokenBody = Type.Object(
  {
    tokens: Type.Array(
      Type.Object({
        environment: Name,
        projects: Type.Array(Name, {
          minItems: 1,
          maxItems: 100,
          description: 'Project ids, or `["*"]` for every project.',
        }),
      }),
      { minItems: 1, maxItems: MAX_TOKENS },
    ),
  },
  { examples: [{ tokens: [{ environment: 'production', projects: ['*'] }] }] },
);

const Registration = Type.Object(
  {
    appName: Name,
    environment: Name,
    instanceId: Name,
    connectVia: Type.Optional(
      Type.Array(Type.Object({ appName: Type.String(), instanceId: Type.String() }), { maxItems: 20 }),
    ),
    interval: Type.Optional(Type.Number({ minimum: 0, maximum: 2_147_483_647 })),
    started: Type.Optional(DateLike),
    strategies: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 })),
    sdkVersion: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    sdkType: Type.Optional(Type.Union([Type.Literal('frontend'), Type.Literal('backend'), Type.Null()])),
  },
  { additionalProperties: true },
);
const MetricEnv = Type.Object(
  {
    featureName: Name,
    appName: Name,
    environment: Name,
    timestamp: Type.Optional(DateLike),
    yes: Type.Optional(MetricCount),
    no: Type.Optional(MetricCount),
    variants: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), MetricCount)),
  },
  { additionalProperties: true },
);
export const BulkMetricsBody = Type.Object(
  {
    applications: Type.Array(Registration, { maxItems: 1000 }),
    metrics: Type.Array(MetricEnv, { maxItems: 10_000 }),
    impactMetrics: Type.Optional(ImpactMetricsWire),
  },
  {
    additionalProperties: true,
    examples: [
      {
        applications: [
          {
            appName: 'checkout-service',
            environment: 'production',
            instanceId: 'checkout-1',
            connectVia: [{ appName: 'unleash-edge', instanceId: 'edge-1' }],
            interval: 15000,
            started: '2026-01-15T10:00:00.000Z',
            strategies: ['default', 'flexibleRollout'],
            sdkVersion: 'unleash-node-sdk:6.12.1',
            sdkType: 'backend',
          },
        ],
        metrics: [
          {
            featureName: 'new-checkout',
            appName: 'checkout-service',
            environment: 'production',
            timestamp: '2026-01-15T10:01:00.000Z',
            yes: 42,
            no: 8,
            variants: { blue: 20, red: 22 },
          },
        ],
      },
    ],
  },
);

export const EdgeObservabilityBody = Type.Object(
  {
    identifier: Type.Optional(Type.String({ maxLength: 200 })),
    appName: Type.Optional(Type.String({ maxLength: 200 })),
    edgeVersion: Type.Optional(Type.String({ maxLength: 200 })),
  },
  {
    additionalProperties: true,
    examples: [
      {
        identifier: '01JH8Z4M2Q5R7T9V1X3Z5B7D9F',
        appName: 'unleash-edge',
        edgeVersion: '19.6.0',
        started: '2026-01-15T10:00:00.000Z',
        traffic: { get: {}, post: {}, accessDenied: {}, cachedResponses: {} },
        latencyUpstream: { features: {}, metrics: {}, edge: {} },
        connectedStreamingClients: 0,
        connectedEdges: [],
      },
    ],
  },
);
