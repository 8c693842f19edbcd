import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Principal } from '../../http/auth.ts';
import { NotFoundError } from '../../http/errors.ts';
import { describe, errorResponses } from '../../http/operation.ts';
import { toDate, toFlagCounts, toRegistration } from '../client-api/client-report.ts';
import { createClientReportStore } from '../client-api/client-report-store.ts';
import type { ClientStateCache } from '../client-api/client-state-cache.ts';
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
export function frontendRoutes(deps: { db: Db; cache: ClientStateCache }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports = createClientReportStore(deps.db);

    const evaluateFor = async (request: FastifyRequest, raw: Record<string, unknown>) => {
      const principal = request.principal as TokenPrincipal;
      const snapshot = await deps.cache.compiled(principal.environment);
      const context = buildFrontendContext(raw, request.ip);
      return { snapshot, context, filter: projectFilter(principal) };
    };

    app.get(
      '/api/frontend',
      {
        schema: {
          ...describe(
            'Frontend API',
            'getFrontendFeatures',
            'Get enabled flags for a context',
            "Evaluates every flag in the frontend token's environment and projects for the context given in the query string (`userId=…&properties[plan]=pro`) and returns the enabled ones with their variants. `remoteAddress` defaults to the caller's IP.",
          ),
          querystring: FrontendQuery,
          response: { 200: FrontendResponse, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        const { snapshot, context, filter } = await evaluateFor(
          request,
          request.query as Record<string, unknown>,
        );
        return sendSerialised(request, reply, serialiseToggles(snapshot.evaluateAll(context, { filter })));
      },
    );

    app.post(
      '/api/frontend',
      {
        schema: {
          ...describe(
            'Frontend API',
            'getFrontendApiFeaturesWithPost',
            'Get enabled flags for a context (POST)',
            'Same as the GET form, with the context in the body as `{ "context": { … } }`; the query string is ignored.',
          ),
          body: FrontendBody,
          response: { 200: FrontendResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const { snapshot, context, filter } = await evaluateFor(
          request,
          (request.body.context ?? {}) as Record<string, unknown>,
        );
        return sendSerialised(request, reply, serialiseToggles(snapshot.evaluateAll(context, { filter })));
      },
    );

    app.get(
      '/api/frontend/features/:featureName',
      {
        schema: {
          ...describe(
            'Frontend API',
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
        const { snapshot, context, filter } = await evaluateFor(
          request,
          request.query as Record<string, unknown>,
        );
        const definition = snapshot.definition(featureName);
        const result =
          definition && (!filter || filter(definition)) ? snapshot.evaluate(featureName, context) : undefined;
        if (!result?.enabled)
          throw new NotFoundError(`Could not find feature flag ${featureName} enabled for this context`);
        return sendSerialised(request, reply, serialiseToggle(result));
      },
    );

    app.post(
      '/api/frontend/client/metrics',
      {
        schema: {
          ...describe(
            'Frontend API',
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
      '/api/frontend/client/register',
      {
        schema: {
          ...describe(
            'Frontend API',
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
  };
}
