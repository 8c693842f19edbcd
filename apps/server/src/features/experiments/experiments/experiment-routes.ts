import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import type { Experiment } from './experiment.ts';
import { dailySeries, dailyWindow, type DailyPoint } from './experiment-daily.ts';
import { computeResults, type ExperimentResults } from './experiment-results.ts';
import { readDailyTotals } from './experiment-daily-store.ts';
import { readAggregates } from './experiment-results-store.ts';
import {
  CreateExperimentBody,
  ExperimentListResponse,
  ExperimentParams,
  ExperimentResponse,
  ExperimentResultsResponse,
  FlagEnvironmentParams,
} from './experiment-schemas.ts';
import {
  createExperimentService,
  type ExperimentPlace,
  type ExperimentService,
} from './experiment-service.ts';
import { variantWeights } from './experiment-variants.ts';

const TAG = 'Experiments';
const BASE = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/experiments';

export const toExperimentResponse = (experiment: Experiment) => ({
  id: experiment.id,
  featureName: experiment.flagName,
  environment: experiment.environment,
  name: experiment.name,
  hypothesis: experiment.hypothesis,
  controlVariant: experiment.controlVariant,
  metrics: experiment.metrics,
  status: experiment.status,
  startedAt: experiment.startedAt?.toISOString() ?? null,
  stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
  createdBy: experiment.createdBy,
  createdAt: experiment.createdAt.toISOString(),
});

/** JSON has no infinity: an unbounded end of an interval is null. */
const finite = (x: number) => (Number.isFinite(x) ? x : null);
const toResultsResponse = (experiment: Experiment, results: ExperimentResults, daily: DailyPoint[]) => ({
  experiment: toExperimentResponse(experiment),
  ...results,
  daily,
  metrics: results.metrics.map((metric) => ({
    ...metric,
    variants: metric.variants.map((variant) => ({
      ...variant,
      sequential: variant.sequential && {
        pValue: variant.sequential.pValue,
        interval: {
          low: finite(variant.sequential.interval.low),
          high: finite(variant.sequential.interval.high),
        },
      },
    })),
  })),
});

const placeOf = (params: {
  projectId: string;
  featureName: string;
  environment: string;
}): ExperimentPlace => ({
  project: params.projectId,
  flagName: params.featureName,
  environment: params.environment,
});

const WRITE = {
  auth: {
    permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
    project: 'params.projectId',
    environment: 'params.environment',
  },
} as const;
const READ = { auth: { permission: 'READ', project: 'params.projectId' } } as const;
const WRITE_NOTE =
  'Needs UPDATE_FEATURE_ENVIRONMENT_VARIANTS in the environment. An experiment observes who gets which variant and changes nothing SDKs receive, so change requests do not review it; maintenance mode refuses it.';

/** Experiments on a flag environment: set up, start, stop, delete, and their results. */
export function experimentRoutes(deps: {
  db: Db;
  /** Called after a start or stop, so this process watches the right experiments at once. */
  onChange: () => Promise<void>;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ExperimentResponse);
    const tx = <T>(fn: (s: ExperimentService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createExperimentService(t)));
    const read = createExperimentService(deps.db);

    app.get(
      BASE,
      {
        config: READ,
        schema: {
          ...describe(
            TAG,
            'getExperiments',
            'List the experiments of a flag in an environment',
            'Newest first, with their set-up and status.',
          ),
          params: FlagEnvironmentParams,
          response: { 200: ExperimentListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        experiments: (await read.list(placeOf(request.params))).map(toExperimentResponse),
      }),
    );

    app.post(
      BASE,
      {
        config: WRITE,
        schema: {
          ...describe(
            TAG,
            'createExperiment',
            'Set up an experiment on a flag in an environment',
            `A draft comparing the flag's variants in the environment on one primary metric and any guardrail metrics (tracked events, or impact-metric counters labelled with the flag's variant). The control must be one of the variants, and the flag needs at least two. ${WRITE_NOTE}`,
          ),
          params: FlagEnvironmentParams,
          body: CreateExperimentBody,
          response: { 201: ExperimentResponse, ...errorResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const experiment = await tx((s) =>
          s.create(
            placeOf(request.params),
            {
              name: body.name,
              hypothesis: body.hypothesis ?? '',
              controlVariant: body.controlVariant,
              metrics: body.metrics.map((metric) => ({
                ...metric,
                direction: metric.direction ?? 'increase',
              })),
            },
            actorOf(request),
          ),
        );
        return reply.code(201).send(toExperimentResponse(experiment));
      },
    );

    app.get(
      `${BASE}/:experimentId`,
      {
        config: READ,
        schema: {
          ...describe(TAG, 'getExperiment', 'Get an experiment', 'Its set-up and status.'),
          params: ExperimentParams,
          response: { 200: ExperimentResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        toExperimentResponse(await read.find(placeOf(request.params), request.params.experimentId)),
    );

    for (const [action, operationId, summary, description] of [
      [
        'start',
        'startExperiment',
        'Start an experiment',
        'From now on the server records the first exposure of every user the Frontend API, OFREP or forwarded impressions see with a variant of the flag, and counts their tracked events. One experiment runs per flag and environment (409 otherwise).',
      ],
      [
        'stop',
        'stopExperiment',
        'Stop an experiment',
        'No more exposures or events are counted; the results stay readable.',
      ],
    ] as const) {
      app.post(
        `${BASE}/:experimentId/${action}`,
        {
          config: WRITE,
          schema: {
            ...describe(TAG, operationId, summary, `${description} ${WRITE_NOTE}`),
            params: ExperimentParams,
            response: { 200: ExperimentResponse, ...errorResponses(401, 403, 404, 409, 503) },
          },
        },
        async (request) => {
          const place = placeOf(request.params);
          const id = request.params.experimentId;
          const experiment = await tx((s) =>
            action === 'start' ? s.start(place, id, actorOf(request)) : s.stop(place, id, actorOf(request)),
          );
          await deps.onChange();
          return toExperimentResponse(experiment);
        },
      );
    }

    app.delete(
      `${BASE}/:experimentId`,
      {
        config: WRITE,
        schema: {
          ...describe(
            TAG,
            'deleteExperiment',
            'Delete an experiment',
            `Deletes it with its exposures and results. ${WRITE_NOTE}`,
          ),
          params: ExperimentParams,
          response: { 204: noContent('Deleted.'), ...errorResponses(401, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.remove(placeOf(request.params), request.params.experimentId, actorOf(request)));
        await deps.onChange();
        return reply.code(204).send();
      },
    );

    app.get(
      `${BASE}/:experimentId/results`,
      {
        config: READ,
        schema: {
          ...describe(
            TAG,
            'getExperimentResults',
            'Get the results of an experiment',
            "Per variant: users, the rate or mean of each metric with its 95% interval (for an impact metric, the counter's increments per exposed user, with its exact Poisson p-value), relative lift, the chance to beat control and expected loss (Bayesian), an always-valid sequential p-value (safe to read at any time), the sample-ratio check, a verdict with its caveats, and a day-by-day cumulative series of the primary metric. Read from aggregates the server keeps as exposures and events arrive.",
          ),
          params: ExperimentParams,
          response: { 200: ExperimentResultsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const experiment = await read.find(placeOf(request.params), request.params.experimentId);
        // The daily series is kept for tracked events only: an impact metric's primary has none.
        const primary = experiment.metrics.find(
          (metric) => metric.role === 'primary' && metric.kind !== 'impact',
        );
        const window = primary ? dailyWindow(experiment, new Date()) : { days: [] };
        const [weights, aggregates, totals] = await Promise.all([
          variantWeights(deps.db, experiment.flagName, experiment.environment),
          readAggregates(deps.db, experiment),
          primary && window.days[0]
            ? readDailyTotals(deps.db, experiment.id, primary.event, window.days[0])
            : [],
        ]);
        const results = computeResults(experiment, weights, aggregates);
        const variants = results.variants.map((each) => each.variant);
        const daily = primary
          ? dailySeries(window, variants, primary, experiment.controlVariant, totals)
          : [];
        return toResultsResponse(experiment, results, daily);
      },
    );
  };
}
