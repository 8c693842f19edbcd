import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { Db } from '../../../db/db.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { AGGREGATION_MODES, TIME_RANGES, type AggregationMode, type TimeRange } from './impact-metric.ts';
import { ImpactQueryProblem, type ImpactMetricService } from './impact-metric-service.ts';

const Literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const MetadataResponse = Type.Object(
  {
    series: Type.Record(
      Type.String(),
      Type.Object({
        type: Type.Union([Type.Literal('counter'), Type.Literal('gauge'), Type.Literal('histogram')]),
        help: Type.String(),
        displayName: Type.String({ description: 'The metric name the SDK defined.' }),
      }),
      { description: 'Every metric reported, by series name (`unleash_<type>_<name>`).' },
    ),
    warnings: Type.Array(
      Type.Object({
        appName: Type.String(),
        message: Type.String(),
        droppedSamples: Type.Integer(),
        lastDroppedAt: Type.String({ format: 'date-time' }),
      }),
      { description: 'Applications that reached the series limit in the last day (Switchyard only).' },
    ),
    maxSeriesPerApp: Type.Integer({ description: 'Series one application may have (Switchyard only).' }),
  },
  {
    examples: [
      {
        series: {
          unleash_counter_checkout_errors: {
            type: 'counter',
            help: 'Failed checkouts',
            displayName: 'checkout_errors',
          },
        },
        warnings: [],
        maxSeriesPerApp: 1000,
      },
    ],
  },
);

const Query = Type.Object({
  metricName: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 250,
      description: 'The series (`unleash_counter_x`) or metric name.',
    }),
  ),
  series: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 250,
      description: 'Older name of `metricName`, as Unleash 7 sends it.',
    }),
  ),
  range: Literals(TIME_RANGES),
  aggregationMode: Type.Optional(Literals(AGGREGATION_MODES)),
  labels: Type.Optional(
    Type.String({
      maxLength: 10_000,
      description: 'JSON: label name to the values to keep, e.g. `{"environment":["production"]}`.',
    }),
  ),
  source: Type.Optional(
    Type.Literal('internal', { description: 'Only impact metrics SDKs sent are stored here.' }),
  ),
  mode: Type.Optional(Literals(['display', 'edit'] as const)),
});

const DataResponse = Type.Object(
  {
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
    step: Type.String({ description: 'The width of each point: `1m`, `5m`, `1h` or `4h`.' }),
    series: Type.Array(
      Type.Object({
        metric: Type.Record(Type.String(), Type.String(), { description: "The series' labels." }),
        data: Type.Array(
          Type.Array(Type.Union([Type.Number(), Type.String()]), {
            minItems: 2,
            maxItems: 2,
            description: "A point: the step's start in seconds since 1970 and the value as text.",
          }),
        ),
      }),
    ),
    labels: Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Every value each label of the metric has taken: what `labels` can select.',
    }),
    debug: Type.Object({
      isTruncated: Type.String({ description: '`true` when more series matched than shown.' }),
    }),
  },
  {
    examples: [
      {
        start: '2026-01-15T09:00:00.000Z',
        end: '2026-01-15T10:00:00.000Z',
        step: '1m',
        series: [
          {
            metric: { appName: 'checkout-service', environment: 'production', 'new-checkout': 'enabled' },
            data: [[1768467600, '3']],
          },
        ],
        labels: { appName: ['checkout-service'], environment: ['production'], 'new-checkout': ['enabled'] },
        debug: { isTruncated: 'false' },
      },
    ],
  },
);

/** `labels` as the query gives it: a JSON object of label names to a value or a list of values. */
function parseLabels(text: string | undefined): Record<string, string[]> {
  if (text === undefined || text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw BadDataError.field('/querystring/labels', '"labels" must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw BadDataError.field('/querystring/labels', '"labels" must be a JSON object');
  const labels: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(parsed)) {
    const list = Array.isArray(values) ? values : [values];
    if (!list.every((v) => typeof v === 'string'))
      throw BadDataError.field(
        '/querystring/labels',
        `"labels.${name}" must be a string or a list of strings`,
      );
    labels[name] = list as string[];
  }
  return labels;
}

/** `/api/admin/impact-metrics`: what SDKs measured, as time series (decision record 0038). */
export function impactMetricRoutes(deps: {
  db: Db;
  impactMetrics: ImpactMetricService;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/admin/impact-metrics/metadata',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Impact Metrics',
            'getImpactMetricsMetadata',
            'List impact metrics',
            'Every counter, gauge and histogram an SDK has reported, by series name, with its help text; and the applications that reached the limit of series in the last day.',
          ),
          response: { 200: MetadataResponse, ...errorResponses(401, 403) },
        },
      },
      async () => {
        const metadata = await deps.impactMetrics.metadata();
        return {
          ...metadata,
          warnings: metadata.warnings.map((w) => ({ ...w, lastDroppedAt: w.lastDroppedAt.toISOString() })),
        };
      },
    );

    const answer = async (request: FastifyRequest<{ Querystring: Static<typeof Query> }>) => {
      const query = request.query;
      const metricName = query.metricName ?? query.series;
      if (!metricName) throw BadDataError.field('/querystring/metricName', '"metricName" is required');
      try {
        const result = await deps.impactMetrics.query(
          {
            metricName,
            range: query.range as TimeRange,
            aggregationMode: query.aggregationMode as AggregationMode | undefined,
            labels: parseLabels(query.labels),
          },
          await hiddenProjects(deps.db, request.access),
        );
        return {
          start: result.start.toISOString(),
          end: result.end.toISOString(),
          step: result.step,
          series: result.series,
          labels: result.labels,
          debug: { isTruncated: String(result.truncated) },
        };
      } catch (error) {
        if (error instanceof ImpactQueryProblem)
          throw BadDataError.field(`/querystring/${error.field}`, error.message);
        throw error;
      }
    };
    const schema = {
      ...describe(
        'Impact Metrics',
        'getImpactMetrics',
        'Read an impact metric over time',
        'One point per step for each label set of the metric that `labels` selects (at most 100): the last hour by minute from raw samples, the last day by 5 minutes, week by hour and month by 4 hours from roll-ups. A counter is aggregated by `count` (its increase) or `rps`; a gauge by `avg` or `sum` (the label sets added up, one series); a histogram by `p50`, `p95`, `p99`, `avg`, `count`, `sum` or `rps`.',
      ),
      querystring: Query,
      response: { 200: DataResponse, ...errorResponses(400, 401, 403) },
    };
    app.get('/api/admin/impact-metrics', { config: { auth: { permission: 'READ' } }, schema }, answer);
    // Unleash's admin UI asks with a trailing slash.
    app.get(
      '/api/admin/impact-metrics/',
      { config: { auth: { permission: 'READ' } }, schema: { ...schema, hide: true, operationId: undefined } },
      answer,
    );
  };
}
