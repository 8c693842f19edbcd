import { Type } from 'typebox';
import { AGGREGATION_MODES, TIME_RANGES } from './impact-metric.ts';
import { Y_AXIS_MINS } from './impact-metric-chart.ts';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

/** The chart fields both bodies and the answer share (Unleash's createImpactMetricsConfigSchema). */
const chartFields = {
  title: Type.Optional(Type.String({ maxLength: 200, description: 'Shown above the chart.' })),
  metricName: Type.String({
    minLength: 1,
    maxLength: 250,
    description: 'The series (`unleash_counter_checkout_errors`) or the bare metric name.',
  }),
  timeRange: literals(TIME_RANGES, 'How far back the chart reaches.'),
  aggregationMode: literals(
    AGGREGATION_MODES,
    "How the samples become a point; it must fit the metric's type (a counter: `count` or `rps`).",
  ),
  yAxisMin: Type.Optional(
    literals(Y_AXIS_MINS, 'The y axis starts at the lowest value shown (`auto`, the default) or at zero.'),
  ),
  labelSelectors: Type.Optional(
    Type.Record(
      Type.String({ maxLength: 200 }),
      Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100 }),
      {
        description: 'Labels and the values a series may have for each (none given, or empty: any).',
        maxProperties: 50,
      },
    ),
  ),
  source: Type.Optional(
    Type.Literal('internal', { description: 'Only impact metrics SDKs sent are stored here.' }),
  ),
};

const id = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The chart to change; without it a new chart is saved.',
});

const example = {
  title: 'Checkout errors',
  metricName: 'unleash_counter_checkout_errors',
  timeRange: 'day',
  aggregationMode: 'count',
  yAxisMin: 'zero',
  labelSelectors: { environment: ['production'] },
};

export const SaveChartBody = Type.Object(
  { id: Type.Optional(id), ...chartFields },
  { additionalProperties: false, examples: [example] },
);

export const SaveFlagChartBody = Type.Object(
  {
    id: Type.Optional(id),
    ...chartFields,
    feature: Type.Optional(
      Type.String({
        maxLength: 255,
        description: "The flag's name; when given it must be the one in the path.",
      }),
    ),
  },
  { additionalProperties: false, examples: [{ ...example, feature: 'new-checkout' }] },
);

export const ChartResponse = Type.Object(
  {
    id: Type.String(),
    ...chartFields,
    yAxisMin: literals(Y_AXIS_MINS, 'Where the y axis starts.'),
    labelSelectors: Type.Record(Type.String(), Type.Array(Type.String())),
    displayName: Type.String({ description: 'The metric name the SDK defined, without the series prefix.' }),
    feature: Type.Optional(
      Type.String({ description: 'The flag whose page shows the chart (a flag’s chart).' }),
    ),
  },
  {
    $id: 'impactMetricsConfigSchema',
    examples: [{ id: '01JEXAMPLE0000000000000031', ...example, displayName: 'checkout_errors' }],
  },
);

export const ChartListResponse = Type.Object(
  { configs: Type.Array(Type.Ref('impactMetricsConfigSchema')) },
  {
    examples: [
      { configs: [{ id: '01JEXAMPLE0000000000000031', ...example, displayName: 'checkout_errors' }] },
    ],
  },
);

export const ChartIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const FlagParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
});
export const FlagChartIdParams = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  id: Type.String({ maxLength: 100 }),
});
