import { Type, type Static } from 'typebox';
import { Check } from 'typebox/value';

/**
 * `impactMetrics` as SDKs send it with their usage report (unleash-client 6.12: `impactMetrics.defineCounter`,
 * `incrementCounter`, `updateGauge`, `observeHistogram`) and as edges forward it in bulk: one entry per metric with
 * the samples collected since the last report. A counter's sample is its increment, a gauge's its last value, a
 * histogram's the observations' count, sum and cumulative buckets. Labels hold `appName`, `environment` and, for
 * each flag the SDK was given, the flag's name with the variant served (or `enabled` / `disabled`).
 */
export const MAX_IMPACT_METRICS = 1_000;
export const MAX_IMPACT_SAMPLES = 1_000;
export const MAX_IMPACT_LABELS = 30;

const Labels = Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ maxLength: 200 }), {
  maxProperties: MAX_IMPACT_LABELS,
  description: 'Label names and values: `appName`, `environment`, and flag names with the variant served.',
});
const Value = Type.Number({ minimum: -1e300, maximum: 1e300 });
const NumericSample = Type.Object(
  { labels: Type.Optional(Labels), value: Value },
  { additionalProperties: true },
);
const BucketSample = Type.Object(
  {
    labels: Type.Optional(Labels),
    count: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    sum: Value,
    buckets: Type.Array(
      Type.Object(
        {
          le: Type.Union([Type.Number({ minimum: -1e300, maximum: 1e300 }), Type.Literal('+Inf')]),
          count: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: 100 },
    ),
  },
  { additionalProperties: true },
);
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Help = Type.Optional(Type.String({ maxLength: 1000 }));

const NumericMetric = Type.Object(
  {
    name: Name,
    help: Help,
    type: Type.Union([Type.Literal('counter'), Type.Literal('gauge')]),
    samples: Type.Array(NumericSample, { maxItems: MAX_IMPACT_SAMPLES }),
  },
  { additionalProperties: true },
);
const HistogramMetric = Type.Object(
  {
    name: Name,
    help: Help,
    type: Type.Literal('histogram'),
    samples: Type.Array(BucketSample, { maxItems: MAX_IMPACT_SAMPLES }),
  },
  { additionalProperties: true },
);

export const ImpactMetricWire = Type.Union([NumericMetric, HistogramMetric]);
export type ImpactMetricWire = Static<typeof ImpactMetricWire>;

export const ImpactMetricsWire = Type.Array(ImpactMetricWire, {
  maxItems: MAX_IMPACT_METRICS,
  description:
    'Impact metrics (counters, gauges, histograms) collected since the last report; stored as time series and read at `/api/admin/impact-metrics`.',
});

/** Whether one forwarded entry is well formed by the rule above (the edge keeps only those, so one bad SDK cannot spoil a batch). */
export const isImpactMetric = (value: unknown): value is ImpactMetricWire => Check(ImpactMetricWire, value);

/** Where the Client and Edge APIs hand impact metrics over: the release area stores them (wired in app.ts). */
export type ImpactMetricsPort = {
  record(report: {
    metrics: ImpactMetricWire[];
    /** The report's appName, for samples without an `appName` label. */
    appName?: string;
    /** The token's environment, or undefined for a token of every environment (the labels then decide). */
    tokenEnvironment?: string;
  }): Promise<void>;
};
