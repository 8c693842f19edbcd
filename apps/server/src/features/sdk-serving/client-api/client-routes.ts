import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { sendPrepared, type PreparedBody } from '../../../http/prepared-body.ts';
import { resolveClientQuery, type ClientQueryString } from './client-query.ts';
import {
  toDate,
  reportEnvironment,
  toFlagCounts,
  toRegistration,
  tokenEnvironment,
} from './client-report.ts';
import type { ClientReports } from './client-report-buffer.ts';
import {
  ClientFeatureResponse,
  ClientFeaturesQuery,
  ClientFeaturesResponse,
  FeatureNameParams,
  MetricsBody,
  RegisterBody,
} from './client-schemas.ts';
import type { ClientStateCache } from './client-state-cache.ts';
import { clientStreamingRoutes } from './client-streaming.ts';
import type { ClientStreams } from './client-streams.ts';
import type { ImpactMetricsPort } from './impact-metrics-wire.ts';

/** Sends a prepared payload: 304 when the SDK already has it, gzip when it asks for it. */
function sendPayload(request: FastifyRequest, reply: FastifyReply, payload: PreparedBody & { etag: string }) {
  if (request.headers['if-none-match'] === payload.etag) return reply.code(304).send();
  return sendPrepared(request, reply.header('etag', payload.etag), payload);
}

/** /api/client: what server-side SDKs poll or stream, and where they report. */
export function clientRoutes(deps: {
  db: Db;
  cache: ClientStateCache;
  streams: ClientStreams;
  impactMetrics: ImpactMetricsPort;
  /** Where registrations and usage counts go (held and written in batches). */
  reports: ClientReports;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports = deps.reports;

    app.get(
      '/api/client/features',
      {
        schema: {
          ...describe(
            'Client',
            'getAllClientFeatures',
            'Get flag configuration for a server-side SDK',
            "Returns every flag in the client token's environment and projects, with strategies in order, variants, dependencies and the segments those flags use (no other). Send the previous ETag in If-None-Match to get 304 when nothing changed. The payload is prepared once per change and served from memory.",
          ),
          querystring: ClientFeaturesQuery,
          response: {
            200: ClientFeaturesResponse,
            304: noContent('Nothing changed since the ETag in If-None-Match.'),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const query = resolveClientQuery(
          request.principal!,
          request.query as ClientQueryString,
          request.headers['unleash-client-spec'],
        );
        return sendPayload(request, reply, await deps.cache.payload(query));
      },
    );

    app.get(
      '/api/client/features/:featureName',
      {
        schema: {
          ...describe(
            'Client',
            'getClientFeature',
            'Get one flag for a server-side SDK',
            'Returns one flag in the same shape as an element of `features` in the full payload.',
          ),
          params: FeatureNameParams,
          response: { 200: ClientFeatureResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const query = resolveClientQuery(request.principal!, {}, request.headers['unleash-client-spec']);
        const payload = await deps.cache.payload(query);
        const feature = payload.body.features.find((f) => f.name === request.params.featureName);
        if (!feature) throw new NotFoundError(`Could not find feature flag ${request.params.featureName}`);
        return feature;
      },
    );

    app.post(
      '/api/client/register',
      {
        schema: {
          ...describe(
            'Client',
            'registerClientApplication',
            'Register an SDK instance',
            'SDKs call this at start-up with their application name, instance id, SDK version and the strategies they implement. Stored for the applications view.',
          ),
          body: RegisterBody,
          response: { 202: noContent('Registered.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const sdk = request.headers['unleash-sdk'];
        await reports.register(
          toRegistration(
            request.body,
            request.principal,
            'backend',
            typeof sdk === 'string' ? sdk : undefined,
          ),
        );
        return reply.code(202).send();
      },
    );

    app.post(
      '/api/client/metrics',
      {
        schema: {
          ...describe(
            'Client',
            'registerClientMetrics',
            'Report flag usage',
            "SDKs send how often each flag was evaluated (yes/no) and which variants were served, per time bucket. Counts are summed per flag, application, environment and hour. `impactMetrics` (counters, gauges and histograms an SDK defined) are stored as time series, labelled with the token's environment: see `/api/admin/impact-metrics`.",
          ),
          body: MetricsBody,
          response: { 202: noContent('Accepted.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const environment = reportEnvironment(request.principal, body.environment);
        await reports.seen(body.appName, environment, body.instanceId);
        if (body.bucket)
          await reports.addCounts(
            body.appName,
            environment,
            toDate(body.bucket.start),
            toFlagCounts(body.bucket),
            request.principal?.kind === 'token' ? request.principal.projects : ['*'],
          );
        if (body.impactMetrics?.length)
          await deps.impactMetrics.record({
            metrics: body.impactMetrics,
            appName: body.appName,
            tokenEnvironment: tokenEnvironment(request.principal),
          });
        return reply.code(202).send();
      },
    );

    await app.register(clientStreamingRoutes({ cache: deps.cache, streams: deps.streams }));
  };
}
