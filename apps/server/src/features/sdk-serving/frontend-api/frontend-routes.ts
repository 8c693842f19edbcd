import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FlagResult } from '@switchyard/evaluation';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import type { Principal } from '../../../http/auth.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ApiArea } from '../../../http/openapi.ts';
import { toDate, toFlagCounts, toRegistration } from '../client-api/client-report.ts';
import type { ClientReports } from '../client-api/client-report-buffer.ts';
import type { ClientStateCache } from '../client-api/client-state-cache.ts';
import { reportExposures, type ExposurePort } from '../serving/exposure-port.ts';
import { projectFilter } from '../serving/token-scope.ts';
import { buildFrontendContext } from './frontend-context.ts';
import { sendSerialised, serialiseToggle, serialiseToggles } from './frontend-response.ts';
import {
  FrontendBody,
  FrontendMetricsBody,
  FrontendQuery,
  FrontendRegisterBody,
  FrontendResponse,
  FrontendToggleResponse,
  OkResponse,
} from './frontend-schemas.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

/** /api/frontend: flags evaluated on the server for browser and mobile SDKs, from a compiled in-memory form. */
export function frontendRoutes(deps: {
  db: Db;
  cache: ClientStateCache;
  exposures?: ExposurePort;
  reports: ClientReports;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports = deps.reports;

    const evaluateFor = async (request: FastifyRequest, raw: Record<string, unknown>) => {
      const principal = request.principal as TokenPrincipal;
      const snapshot = await deps.cache.compiled(principal.environment);
      const context = buildFrontendContext(raw, request.ip);
      const seen = (results: readonly FlagResult[]) => {
        reportExposures(deps.exposures, principal.environment, context, results);
        return results;
      };
      return { snapshot, context, filter: projectFilter(principal), seen };
    };

    // `/api/proxy` is the Frontend API's legacy name (Unleash's proxy): the same handlers answer there, deprecated.
    for (const prefix of ['/api/frontend', '/api/proxy']) {
      const legacy = prefix === '/api/proxy';
      const area = (replaces: string, operationId: string, summary: string, description: string) =>
        legacy
          ? {
              ...describe(
                'Legacy' satisfies ApiArea,
                `legacyProxy${operationId[0]!.toUpperCase()}${operationId.slice(1)}`,
                `${summary} (legacy path)`,
                `${description} Deprecated: use ${replaces} instead.`,
              ),
              deprecated: true,
            }
          : describe('Frontend API', operationId, summary, description);
      app.get(
        prefix,
        {
          schema: {
            ...area(
              'GET /api/frontend',
              'getFrontendFeatures',
              'Get enabled flags for a context',
              "Evaluates every flag in the frontend token's environment and projects for the context given in the query string (`userId=…&properties[plan]=pro`) and returns the enabled ones with their variants. `remoteAddress` defaults to the caller's IP.",
            ),
            querystring: FrontendQuery,
            response: { 200: FrontendResponse, ...errorResponses(401, 403) },
          },
        },
        async (request, reply) => {
          const { snapshot, context, filter, seen } = await evaluateFor(
            request,
            request.query as Record<string, unknown>,
          );
          return sendSerialised(
            request,
            reply,
            serialiseToggles(seen(snapshot.evaluateAll(context, { filter }))),
          );
        },
      );

      if (legacy) {
        app.get(
          `${prefix}/all`,
          {
            schema: {
              ...area(
                'GET /api/frontend',
                'getAllFrontendFeatures',
                'Get every flag for a context, on or off',
                "Evaluates every flag in the frontend token's environment and projects for the context in the query string and returns all of them, disabled ones included (`enabled: false`), as Unleash's proxy did with its all-flags endpoint.",
              ),
              querystring: FrontendQuery,
              response: { 200: FrontendResponse, ...errorResponses(401, 403) },
            },
          },
          async (request, reply) => {
            const { snapshot, context, filter, seen } = await evaluateFor(
              request,
              request.query as Record<string, unknown>,
            );
            const all = seen(snapshot.evaluateAll(context, { filter, includeDisabled: true }));
            return sendSerialised(request, reply, serialiseToggles(all));
          },
        );
      }

      app.post(
        prefix,
        {
          schema: {
            ...area(
              'POST /api/frontend',
              'getFrontendApiFeaturesWithPost',
              'Get enabled flags for a context (POST)',
              'Same as the GET form, with the context in the body as `{ "context": { … } }`; the query string is ignored.',
            ),
            body: FrontendBody,
            response: { 200: FrontendResponse, ...errorResponses(400, 401, 403, 415) },
          },
        },
        async (request, reply) => {
          const { snapshot, context, filter, seen } = await evaluateFor(
            request,
            (request.body.context ?? {}) as Record<string, unknown>,
          );
          return sendSerialised(
            request,
            reply,
            serialiseToggles(seen(snapshot.evaluateAll(context, { filter }))),
          );
        },
      );

      app.get(
        `${prefix}/features/:featureName`,
        {
          schema: {
            ...area(
              'GET /api/frontend/features/{featureName}',
              'getFrontendFeature',
              'Get one flag for a context',
              "Evaluates one flag for the context in the query string. 404 when the flag is unknown, outside the token's projects, or not enabled for this context, exactly as if it were absent from the full list.",
            ),
            params: {
              type: 'object',
              properties: { featureName: { type: 'string' } },
              required: ['featureName'],
            },
            querystring: FrontendQuery,
            response: { 200: FrontendToggleResponse, ...errorResponses(401, 403, 404) },
          },
        },
        async (request, reply) => {
          const { featureName } = request.params as { featureName: string };
          const { snapshot, context, filter, seen } = await evaluateFor(
            request,
            request.query as Record<string, unknown>,
          );
          const definition = snapshot.definition(featureName);
          const result =
            definition && (!filter || filter(definition))
              ? seen([snapshot.evaluate(featureName, context)])[0]
              : undefined;
          if (!result?.enabled)
            throw new NotFoundError(`Could not find feature flag ${featureName} enabled for this context`);
          return sendSerialised(request, reply, serialiseToggle(result));
        },
      );

      app.post(
        `${prefix}/client/metrics`,
        {
          schema: {
            ...area(
              'POST /api/frontend/client/metrics',
              'registerFrontendMetrics',
              'Report flag usage from a browser or app',
              'Browser and mobile SDKs send their usage counts here; they are stored like server-side SDK metrics. An `instanceId` with an `unleash-sdk` header also registers the client.',
            ),
            body: FrontendMetricsBody,
            response: { 200: OkResponse, ...errorResponses(400, 401, 403, 415) },
          },
        },
        async (request, reply) => {
          const body = request.body;
          const principal = request.principal as TokenPrincipal;
          if (body.bucket)
            await reports.addCounts(
              body.appName,
              principal.environment,
              toDate(body.bucket.start),
              toFlagCounts(body.bucket),
              principal.projects,
            );
          const sdk = request.headers['unleash-sdk'];
          if (body.instanceId && typeof sdk === 'string') {
            await reports.register(
              toRegistration(
                { appName: body.appName, instanceId: body.instanceId },
                principal,
                'frontend',
                sdk,
              ),
            );
          }
          return reply.type('text/plain').send('OK');
        },
      );

      app.post(
        `${prefix}/client/register`,
        {
          schema: {
            ...area(
              'POST /api/frontend/client/register',
              'registerFrontendClient',
              'Register a browser or app SDK',
              'Accepts the registration some frontend SDKs send at start-up and records the application when it names one.',
            ),
            body: FrontendRegisterBody,
            response: { 200: OkResponse, ...errorResponses(401, 403, 415) },
          },
        },
        async (request, reply) => {
          const body = request.body;
          if (body.appName) {
            await reports.register(
              toRegistration(
                {
                  appName: body.appName,
                  instanceId: body.instanceId ?? 'browser',
                  sdkVersion: body.sdkVersion,
                },
                request.principal,
                'frontend',
              ),
            );
          }
          return reply.type('text/plain').send('OK');
        },
      );
    }
  };
}
