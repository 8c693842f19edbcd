import { Type } from 'typebox';
import { PG_INTEGER } from '../../../db/pg-integer.ts';
import { Nullable } from '../../flag-model/flags/nullable-schema.ts';
import { AGGREGATION_MODES, TIME_RANGES } from '../impact-metrics/impact-metric.ts';
import { EXTERNAL_AGGREGATIONS, MAX_WINDOW_MINUTES, SAFEGUARD_ACTIONS } from './safeguard.ts';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

const ImpactMetricQuery = Type.Object(
  {
    metricName: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The series name (`unleash_histogram_checkout_latency`) or the bare metric name.',
    }),
    timeRange: literals(TIME_RANGES, 'Unleash’s window; `windowMinutes` overrides it.'),
    aggregationMode: literals(AGGREGATION_MODES, 'How the window’s samples become one value.'),
    labelSelectors: Type.Record(
      Type.String(),
      Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
      {
        description: 'Labels and the values a series may have for each (empty: any).',
      },
    ),
  },
  { additionalProperties: false },
);

const ExternalMetricQuery = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 4000,
      description: 'A PromQL expression, asked of the external source with `query_range` over the window.',
    }),
    aggregationMode: literals(EXTERNAL_AGGREGATIONS, 'How the window’s points become one value.'),
  },
  { additionalProperties: false },
);

const ExperimentGuardrails = Type.Object(
  {
    experimentId: Type.Integer({
      minimum: 1,
      // Stated, so the validator's storable-integer bound does not add it later to the schema the answer shares.
      maximum: PG_INTEGER.maximum,
      description:
        'An experiment of the same flag environment. Its value is how many guardrails its results report breached (0 while none is, while it collects data or while its split is broken; no data once it stops): with `> 0` the safeguard acts when a variant harms a guardrail metric.',
    }),
  },
  { additionalProperties: false },
);

const TriggerCondition = Type.Object(
  {
    operator: Type.Union([Type.Literal('>'), Type.Literal('<')]),
    threshold: Type.Number({ description: 'Crossing it (strictly) triggers the safeguard.' }),
  },
  { additionalProperties: false },
);

const ActionType = literals(
  SAFEGUARD_ACTIONS,
  'pauseReleasePlanProgressions: pause the plan; turnOffEnvironment: turn the flag off in the environment; startPreviousMilestone: go back one milestone. On a release plan each also pauses the plan; a flag environment’s own safeguard only turns the environment off.',
);

const exampleSafeguard = {
  id: '01JEXAMPLE0000000000000021',
  action: { type: 'pauseReleasePlanProgressions', id: '01JEXAMPLE0000000000000011' },
  triggerCondition: { operator: '>', threshold: 800 },
  impactMetric: {
    metricName: 'unleash_histogram_checkout_latency',
    timeRange: 'hour',
    aggregationMode: 'p99',
    labelSelectors: { environment: ['production'] },
  },
  externalMetric: null,
  experimentGuardrails: null,
  windowMinutes: 5,
  evaluatedAt: '2026-01-15T10:20:00.000Z',
  lastValue: 950,
  lastError: null,
  triggeredAt: '2026-01-15T10:20:00.000Z',
  explanation: 'paused at 25% because p99 of checkout_latency > 800 for 5 min (it was 950)',
};

export const SafeguardResponse = Type.Object(
  {
    id: Type.String({ description: 'A ULID.' }),
    action: Type.Object({
      type: ActionType,
      id: Type.String({
        description:
          'What the action acts on: the release plan, or for a flag environment’s own safeguard the environment.',
      }),
    }),
    triggerCondition: TriggerCondition,
    impactMetric: Nullable(ImpactMetricQuery),
    externalMetric: Nullable(ExternalMetricQuery),
    experimentGuardrails: Nullable(ExperimentGuardrails),
    windowMinutes: Type.Integer({ description: 'The window the metric is aggregated over.' }),
    evaluatedAt: Nullable(Type.String({ format: 'date-time', description: 'The last evaluation.' })),
    lastValue: Nullable(Type.Number({ description: 'What the last evaluation read; null: no data.' })),
    lastError: Nullable(Type.String({ description: 'Why the last evaluation could not read the metric.' })),
    triggeredAt: Nullable(Type.String({ format: 'date-time' })),
    explanation: Nullable(Type.String({ description: 'What it did and why, when it triggered.' })),
  },
  { examples: [exampleSafeguard] },
);

export const SafeguardBody = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 26,
        description: 'A safeguard of the plan to change; absent: a new one.',
      }),
    ),
    impactMetric: Type.Optional(ImpactMetricQuery),
    externalMetric: Type.Optional(ExternalMetricQuery),
    experimentGuardrails: Type.Optional(ExperimentGuardrails),
    windowMinutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_WINDOW_MINUTES,
        description: 'Minutes the metric is aggregated over; default: the `timeRange`, else 5.',
      }),
    ),
    triggerCondition: TriggerCondition,
    action: Type.Optional(
      Type.Object(
        { type: ActionType, id: Type.Optional(Type.String({ maxLength: 26 })) },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Unleash’s createSafeguardSchema, with `externalMetric`, `experimentGuardrails`, `windowMinutes` and `action` added: give exactly one of `impactMetric`, `externalMetric` and `experimentGuardrails`.',
    examples: [
      {
        externalMetric: {
          query: 'sum(rate(http_requests_total{status=~"5.."}[1m])) / sum(rate(http_requests_total[1m]))',
          aggregationMode: 'avg',
        },
        windowMinutes: 5,
        triggerCondition: { operator: '>', threshold: 0.05 },
        action: { type: 'pauseReleasePlanProgressions' },
      },
    ],
  },
);

export const ExternalSourceBody = Type.Object(
  {
    url: Nullable(
      Type.String({
        maxLength: 2000,
        description:
          'The base URL of a Prometheus-compatible API (`/api/v1/query_range` is added); null removes it.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ url: 'http://prometheus.internal:9090' }] },
);
export const ExternalSourceResponse = Type.Object(
  { url: Nullable(Type.String()) },
  { examples: [{ url: 'http://prometheus.internal:9090' }] },
);
