import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { MODES_OF, parseSeriesName } from './impact-metric.ts';
import type { ChartQuery, ImpactMetricChart } from './impact-metric-chart.ts';
import {
  ChartIdParams,
  ChartListResponse,
  ChartResponse,
  FlagChartIdParams,
  FlagParams,
  SaveChartBody,
  SaveFlagChartBody,
} from './impact-metric-chart-schemas.ts';
import {
  ChartProblem,
  createImpactMetricChartService,
  type ChartPlace,
  type ImpactMetricChartService,
} from './impact-metric-chart-service.ts';

const TAG = 'Impact Metrics';
const PAGE = '/api/admin/impact-metrics/config';
const FLAG = '/api/admin/projects/:projectId/features/:featureName/impact-metrics/config';

export const toChartResponse = (chart: ImpactMetricChart) => ({
  id: chart.id,
  ...(chart.title !== null && { title: chart.title }),
  metricName: chart.metricName,
  displayName: parseSeriesName(chart.metricName).name,
  timeRange: chart.timeRange,
  aggregationMode: chart.aggregationMode,
  yAxisMin: chart.yAxisMin,
  labelSelectors: chart.labelSelectors,
  ...(chart.flagName !== null && { feature: chart.flagName }),
});

/** The body as the service takes it; a missing `yAxisMin` is `auto`, missing selectors select every series. */
function queryOf(body: Static<typeof SaveChartBody>): ChartQuery {
  return {
    title: body.title?.trim() || null,
    metricName: body.metricName,
    timeRange: body.timeRange,
    aggregationMode: body.aggregationMode,
    yAxisMin: body.yAxisMin ?? 'auto',
    labelSelectors: body.labelSelectors ?? {},
  };
}

const flagPlace = (params: { projectId: string; featureName: string }): ChartPlace => ({
  project: params.projectId,
  flagName: params.featureName,
});

const saved = (description: string) => ({ ...ChartResponse, $id: undefined, description });

/**
 * Saved impact-metric charts (Unleash's impact metrics configs): the impact-metrics page's, which only admins change,
 * and each flag's, which whoever may update the flag changes.
 */
export function impactMetricChartRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ChartResponse);
    const tx = async <T>(fn: (s: ImpactMetricChartService) => Promise<T>): Promise<T> => {
      try {
        return await inTransaction(deps.db, (t) => fn(createImpactMetricChartService(t)));
      } catch (error) {
        if (error instanceof ChartProblem) throw BadDataError.field(`/body/${error.field}`, error.message);
        throw error;
      }
    };
    const list = async (place: ChartPlace) => ({
      configs: (await createImpactMetricChartService(deps.db).list(place)).map(toChartResponse),
    });
    const aggregationRule = `The aggregation must fit the metric's type: ${Object.entries(MODES_OF)
      .map(([type, modes]) => `a ${type} by ${modes.join(', ')}`)
      .join('; ')}.`;

    app.get(
      PAGE,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            TAG,
            'getImpactMetricsConfigs',
            'List the saved charts of the impact-metrics page',
            "The charts saved on the impact-metrics page, oldest first; a flag's own charts are listed on the flag.",
          ),
          response: { 200: ChartListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => list(null),
    );

    app.post(
      PAGE,
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            TAG,
            'createImpactMetricsConfig',
            'Save a chart on the impact-metrics page',
            `Saves a new chart, or with \`id\` changes that chart: a metric, its range, its aggregation and its labels, as \`GET /api/admin/impact-metrics\` reads them. ${aggregationRule} At most 100 charts.`,
          ),
          body: SaveChartBody,
          response: { 200: saved('The saved chart.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) =>
        toChartResponse(
          await tx((s) => s.save(null, queryOf(request.body), request.body.id, actorOf(request))),
        ),
    );

    app.delete(
      `${PAGE}/:id`,
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            TAG,
            'deleteImpactMetricsConfig',
            'Delete a chart of the impact-metrics page',
            'Deletes the saved chart.',
          ),
          params: ChartIdParams,
          response: { 200: noContent('The chart is deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(null, request.params.id, actorOf(request)));
        return reply.code(200).send();
      },
    );

    app.get(
      FLAG,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            TAG,
            'getFeatureImpactMetricsConfigs',
            'List the saved charts of a flag',
            "The charts saved on the flag's page, oldest first.",
          ),
          params: FlagParams,
          response: { 200: ChartListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => list(flagPlace(request.params)),
    );

    app.post(
      FLAG,
      {
        config: { auth: { permission: 'UPDATE_FEATURE' } },
        schema: {
          ...describe(
            TAG,
            'createFeatureImpactMetricsConfig',
            'Save a chart on a flag',
            `Saves a new chart on the flag's page, or with \`id\` changes that chart of the flag. ${aggregationRule} At most 20 charts a flag; they are deleted with the flag.`,
          ),
          params: FlagParams,
          body: SaveFlagChartBody,
          response: { 200: saved('The saved chart.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { feature, ...body } = request.body;
        if (feature !== undefined && feature !== request.params.featureName)
          throw BadDataError.field(
            '/body/feature',
            `"feature" must be the flag in the path, "${request.params.featureName}"`,
          );
        return toChartResponse(
          await tx((s) => s.save(flagPlace(request.params), queryOf(body), body.id, actorOf(request))),
        );
      },
    );

    app.delete(
      `${FLAG}/:id`,
      {
        config: { auth: { permission: 'UPDATE_FEATURE' } },
        schema: {
          ...describe(
            TAG,
            'deleteFeatureImpactMetricsConfig',
            'Delete a chart of a flag',
            "Deletes the saved chart from the flag's page.",
          ),
          params: FlagChartIdParams,
          response: { 200: noContent('The chart is deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(flagPlace(request.params), request.params.id, actorOf(request)));
        return reply.code(200).send();
      },
    );
  };
}
