import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClientStreams, responseTarget } from '../features/sdk-serving/client-api/client-streams.ts';
import { hydration } from '../features/sdk-serving/client-api/client-stream-session.ts';
import type { ServingAnswers } from '../features/sdk-serving/serving/serving-answers.ts';
import { errorBody, HttpError, TooManyRequestsError } from '../http/errors.ts';
import { MALFORMED_URL } from '../http/framework-errors.ts';
import {
  bucketMetrics,
  labelledImpactMetrics,
  type BulkApplication,
  type BulkMetric,
  type EdgeMetrics,
  type MetricsBucket,
} from './edge-metrics.ts';
import type { EdgeSync } from './edge-sync.ts';
import type { EdgeTokens } from './edge-tokens.ts';
import { UpstreamUnavailable, type EdgeToken } from './edge-upstream.ts';
import {
  badData,
  callerIp,
  clientQueryString,
  EdgeError,
  json,
  queryObject,
  readJson,
  sendPayload,
  sendSerialised,
  type Handler,
  type Request,
} from './edge-wire.ts';

/** Thrown where the handler leaves a request to `unserved`. */
class Unserved extends Error {}

const TOKEN_REQUIRED =
  'This endpoint requires an API token. Please add an authorization header to your request with a valid token';

/**
 * The edge's HTTP API: what SDKs call on Switchyard (Client API, Frontend API, OFREP), answered from memory, and
 * what an edge calls upstream (validate, features with ETag, streaming, bulk metrics), so edges can be chained.
 */
export function createEdgeHandler(deps: {
  answers: ServingAnswers;
  tokens: EdgeTokens;
  /** Which state serves a token; `follow` starts syncing a token's scope (an edge's, not a worker's). */
  sync: Pick<EdgeSync, 'keyFor'> & Partial<Pick<EdgeSync, 'follow'>>;
  /** Where SDK metrics and registrations go; without it (a server's worker) they are `unserved`. */
  metrics?: EdgeMetrics;
  ready: () => boolean;
  log: (level: 'info' | 'warn', message: string) => void;
  /**
   * Where a request goes that this handler cannot answer exactly (no token, one it does not know or of another
   * type, no state for it): a server's worker hands those to its primary (cluster/). Without it, the edge answers
   * 401, 403 or 503 itself. Called before the body is read.
   */
  unserved?: (request: IncomingMessage, response: ServerResponse) => void;
  /** The caller's address for the evaluation context (default: the socket's). */
  ip?: (request: IncomingMessage) => string;
}) {
  const streams = createClientStreams();
  const ipOf = deps.ip ?? callerIp;
  const unserved = () => {
    if (deps.unserved) throw new Unserved();
  };
  const metricsSink = (): EdgeMetrics => {
    if (deps.metrics) return deps.metrics;
    throw new Unserved();
  };

  /** A new token the upstream could not say anything about (unreachable, or busy): 503, asking to retry later. */
  const cannotValidate = (error: unknown): unknown =>
    error instanceof UpstreamUnavailable
      ? new EdgeError(
          503,
          'UpstreamUnavailable',
          'The edge cannot validate this new token while its upstream is unreachable or busy; try again later',
          undefined,
          error.retryAfterSeconds ?? 1,
        )
      : error;

  /** The caller's token, validated upstream on first use, of one of the types the operation takes. */
  async function authenticate(request: IncomingMessage, types: string[]): Promise<EdgeToken> {
    const secret = String(request.headers.authorization ?? '')
      .replace(/^bearer\s+/i, '')
      .trim();
    if (!secret) unserved();
    if (!secret) throw new EdgeError(401, 'AuthenticationRequired', TOKEN_REQUIRED);
    let token: EdgeToken | undefined;
    try {
      // A token already known needs no caller: its address is decided only for a lookup.
      token = deps.tokens.known(secret) ?? (await deps.tokens.resolve(secret, ipOf(request)));
    } catch (error) {
      throw cannotValidate(error);
    }
    if (!token || !types.includes(token.type)) unserved();
    if (!token) throw new EdgeError(401, 'AuthenticationRequired', TOKEN_REQUIRED);
    if (!types.includes(token.type))
      throw new EdgeError(
        403,
        'NoAccessError',
        `A ${token.type} token cannot call this endpoint; use a ${types.join(' or ')} token`,
      );
    return token;
  }

  /** The key of the state the token is served from; 503 while the edge has none for it. */
  async function stateKey(token: EdgeToken): Promise<string> {
    const key = await deps.sync.keyFor(token);
    if (key) return key;
    unserved();
    throw new EdgeError(
      503,
      'UpstreamUnavailable',
      token.type === 'frontend'
        ? `The edge has no client token for environment "${token.environment}" and projects [${token.projects.join(', ')}] to serve this frontend token from; add one to TOKENS`
        : 'The edge has not received flags for this token from its upstream yet',
    );
  }

  const present = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new EdgeError(503, 'UpstreamUnavailable', 'The edge has no flags for this token yet');
    return value;
  };

  const metricsEnvironment = (token: EdgeToken, asked: unknown) =>
    token.environment === '*' && typeof asked === 'string' ? asked : token.environment;

  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value ? value : undefined;

  const health: Handler = (_request, response) => json(response, 200, { health: 'GOOD' });

  const routes: Record<string, Handler> = {
    'GET /health': health,
    'GET /internal-backstage/health': health,
    'GET /internal-backstage/ready': (_request, response) =>
      deps.ready() ? json(response, 200, { status: 'READY' }) : json(response, 503, { status: 'NOT_READY' }),

    'POST /edge/validate': async (request, response) => {
      const body = await readJson(request);
      const secrets = body.tokens;
      if (!Array.isArray(secrets) || secrets.some((each) => typeof each !== 'string'))
        throw badData('/body/tokens', '"tokens" must be a list of strings');
      if (secrets.length > 100) throw badData('/body/tokens', '"tokens" holds at most 100 tokens');
      // Through the same batches, refusals and per-address budget as an SDK's first use of a token.
      const caller = ipOf(request);
      const verdicts = await Promise.allSettled(
        [...new Set(secrets as string[])].map((secret) => deps.tokens.resolve(secret, caller)),
      );
      const failed = verdicts.find((verdict) => verdict.status === 'rejected');
      if (failed) throw cannotValidate(failed.reason);
      const tokens = verdicts.flatMap((verdict) => (verdict.status === 'fulfilled' && verdict.value) || []);
      for (const token of tokens) deps.sync.follow?.(token);
      json(response, 200, { tokens });
    },

    'GET /api/client/features': async (request, response) => {
      const token = await authenticate(request, ['client']);
      const query = deps.answers.clientQuery(
        token,
        clientQueryString(request.query),
        request.headers['unleash-client-spec'],
      );
      sendPayload(request, response, present(deps.answers.clientFeatures(await stateKey(token), query)));
    },

    'GET /api/client/delta': async (request, response) => {
      const token = await authenticate(request, ['client']);
      const query = deps.answers.clientQuery(token, clientQueryString(request.query), '5.2.0');
      const snapshot = present(deps.answers.streamSnapshot(await stateKey(token), query));
      const etag = `"${snapshot.revisionId}"`;
      if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
      json(response, 200, { events: [hydration(snapshot)] }, { etag });
    },

    'GET /api/client/streaming': async (request, response) => {
      const token = await authenticate(request, ['client']);
      const query = deps.answers.clientQuery(token, clientQueryString(request.query), '5.2.0');
      const key = await stateKey(token);
      const first = present(deps.answers.streamSnapshot(key, query));
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const remove = streams.add(
        `${key}\u0000${JSON.stringify(query)}`,
        first,
        () => deps.answers.streamSnapshot(key, query),
        responseTarget(response),
      );
      response.on('close', remove);
      if (request.socket.destroyed) remove();
    },

    'POST /api/client/register': async (request, response) => {
      const sink = metricsSink();
      const token = await authenticate(request, ['client']);
      const body = await readJson(request);
      const appName = text(body.appName);
      const instanceId = text(body.instanceId) ?? 'default';
      if (!appName) throw badData('/body/appName', '"appName" is required');
      sink.register({
        appName,
        instanceId,
        environment: metricsEnvironment(token, body.environment),
        interval: typeof body.interval === 'number' ? body.interval : undefined,
        started:
          typeof body.started === 'string' || typeof body.started === 'number' ? body.started : undefined,
        strategies: Array.isArray(body.strategies)
          ? body.strategies.filter((s): s is string => typeof s === 'string')
          : undefined,
        sdkVersion: text(body.sdkVersion) ?? text(request.headers['unleash-sdk']),
        sdkType: 'backend',
      });
      response.writeHead(202).end();
    },

    'POST /api/client/metrics': async (request, response) => {
      const sink = metricsSink();
      const token = await authenticate(request, ['client']);
      const body = await readJson(request);
      const appName = text(body.appName);
      if (!appName) throw badData('/body/appName', '"appName" is required');
      const environment = metricsEnvironment(token, body.environment);
      if (body.bucket && typeof body.bucket === 'object')
        sink.count(bucketMetrics(appName, environment, body.bucket as MetricsBucket));
      sink.impact(environment, labelledImpactMetrics(body.impactMetrics, appName, environment));
      response.writeHead(202).end();
    },

    'POST /api/client/metrics/bulk': async (request, response) => {
      const sink = metricsSink();
      const token = await authenticate(request, ['client']);
      const body = await readJson(request);
      const applications = Array.isArray(body.applications) ? (body.applications as BulkApplication[]) : [];
      const metrics = Array.isArray(body.metrics) ? (body.metrics as BulkMetric[]) : [];
      const environment = (asked: unknown) => metricsEnvironment(token, asked);
      for (const application of applications) {
        if (text(application?.appName) && text(application?.instanceId))
          sink.register({ ...application, environment: environment(application.environment) });
      }
      // As upstream: counts for another environment than the token's are dropped.
      sink.count(
        metrics.filter(
          (metric) =>
            text(metric?.featureName) &&
            text(metric?.appName) &&
            environment(metric.environment) === metric.environment,
        ),
      );
      // A chained edge's impact metrics keep their labels; the token decides the environment, as upstream.
      const impactEnvironment = environment(undefined);
      sink.impact(impactEnvironment, labelledImpactMetrics(body.impactMetrics, undefined, impactEnvironment));
      response.writeHead(202).end();
    },

    'POST /api/client/metrics/edge': async (request, response) => {
      await authenticate(request, ['client']);
      await readJson(request);
      response.writeHead(202).end();
    },

    'GET /api/frontend': async (request, response) => {
      const token = await authenticate(request, ['frontend']);
      const key = await stateKey(token);
      sendSerialised(
        request,
        response,
        present(deps.answers.frontend(key, token, queryObject(request.query), ipOf(request))),
      );
    },

    'POST /api/frontend': async (request, response) => {
      const token = await authenticate(request, ['frontend']);
      const key = await stateKey(token);
      const body = await readJson(request);
      const context = (body.context ?? {}) as Record<string, unknown>;
      if (typeof context !== 'object' || Array.isArray(context) || context === null)
        throw badData('/body/context', '"context" must be an object');
      sendSerialised(request, response, present(deps.answers.frontend(key, token, context, ipOf(request))));
    },

    'POST /api/frontend/client/metrics': async (request, response) => {
      const sink = metricsSink();
      const token = await authenticate(request, ['frontend']);
      const body = await readJson(request);
      const appName = text(body.appName);
      if (!appName) throw badData('/body/appName', '"appName" is required');
      if (body.bucket && typeof body.bucket === 'object')
        sink.count(bucketMetrics(appName, token.environment, body.bucket as MetricsBucket));
      const sdk = text(request.headers['unleash-sdk']);
      const instanceId = text(body.instanceId);
      if (instanceId && sdk)
        sink.register({
          appName,
          instanceId,
          environment: token.environment,
          sdkVersion: sdk,
          sdkType: 'frontend',
        });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    },

    'POST /api/frontend/client/register': async (request, response) => {
      const sink = metricsSink();
      const token = await authenticate(request, ['frontend']);
      const body = await readJson(request);
      const appName = text(body.appName);
      if (appName)
        sink.register({
          appName,
          instanceId: text(body.instanceId) ?? 'browser',
          environment: token.environment,
          sdkVersion: text(body.sdkVersion),
          sdkType: 'frontend',
        });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    },

    'POST /ofrep/v1/evaluate/flags': async (request, response) => {
      const token = await authenticate(request, ['client', 'frontend']);
      const key = await stateKey(token);
      const context = ofrepContext(await readOfrepBody(request));
      sendSerialised(request, response, present(deps.answers.ofrepFlags(key, token, context, ipOf(request))));
    },
  };

  /** Routes with a path parameter: the prefix, the methods, and the handler taking the decoded parameter. */
  const prefixed: {
    method: string;
    prefix: string;
    handle: (request: Request, response: ServerResponse, param: string) => Promise<void>;
  }[] = [
    {
      method: 'GET',
      prefix: '/api/client/features/',
      handle: async (request, response, name) => {
        const token = await authenticate(request, ['client']);
        const query = deps.answers.clientQuery(token, {}, request.headers['unleash-client-spec']);
        const feature = deps.answers.clientFeature(await stateKey(token), query, name);
        if (!feature) throw new EdgeError(404, 'NotFoundError', `Could not find feature flag ${name}`);
        json(response, 200, feature);
      },
    },
    {
      method: 'GET',
      prefix: '/api/frontend/features/',
      handle: async (request, response, name) => {
        const token = await authenticate(request, ['frontend']);
        const key = await stateKey(token);
        const body = deps.answers.frontendFlag(key, token, name, queryObject(request.query), ipOf(request));
        if (!present(body))
          throw new EdgeError(
            404,
            'NotFoundError',
            `Could not find feature flag ${name} enabled for this context`,
          );
        sendSerialised(request, response, body!);
      },
    },
    {
      method: 'POST',
      prefix: '/ofrep/v1/evaluate/flags/',
      handle: async (request, response, flag) => {
        const token = await authenticate(request, ['client', 'frontend']);
        const key = await stateKey(token);
        const context = ofrepContext(await readOfrepBody(request, flag));
        const { status, body } = present(deps.answers.ofrepFlag(key, token, flag, context, ipOf(request)));
        json(response, status, body);
      },
    },
  ];

  /** OFREP answers a body it cannot read in its own shape, as the server does. */
  async function readOfrepBody(request: IncomingMessage, key?: string): Promise<Record<string, unknown>> {
    try {
      return await readJson(request);
    } catch (error) {
      if (error instanceof EdgeError && error.status === 400)
        throw Object.assign(error, { ofrep: { key, errorCode: 'PARSE_ERROR', errorDetails: error.message } });
      throw error;
    }
  }
  function ofrepContext(body: Record<string, unknown>): Record<string, unknown> {
    const context = body.context ?? {};
    if (typeof context !== 'object' || Array.isArray(context) || context === null)
      throw Object.assign(badData('/body/context', '"context" must be an object'), {
        ofrep: { errorCode: 'INVALID_CONTEXT', errorDetails: '"context" must be an object' },
      });
    return context as Record<string, unknown>;
  }

  function fail(request: IncomingMessage, response: ServerResponse, error: unknown) {
    if (error instanceof Unserved && deps.unserved) return deps.unserved(request, response);
    if (response.headersSent) return void response.end();
    if (error instanceof EdgeError) {
      const ofrep = (error as { ofrep?: unknown }).ofrep;
      const headers: Record<string, string> = error.retryAfterSeconds
        ? { 'retry-after': String(error.retryAfterSeconds) }
        : {};
      if (ofrep) return json(response, error.status, ofrep, headers);
      return json(response, error.status, errorBody(error.errorName, error.message, error.details), headers);
    }
    if (error instanceof HttpError) {
      const headers: Record<string, string> =
        error instanceof TooManyRequestsError ? { 'retry-after': String(error.retryAfterSeconds) } : {};
      return json(response, error.status, errorBody(error.name, error.message, error.details), headers);
    }
    deps.log('warn', `request failed: ${(error as Error).stack ?? String(error)}`);
    json(response, 500, errorBody('InternalError', 'The edge could not answer this request'));
  }

  const decodeParam = (encoded: string): string => {
    try {
      return decodeURIComponent(encoded);
    } catch {
      throw new EdgeError(400, 'BadDataError', MALFORMED_URL);
    }
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://edge');
    const request = Object.assign(incoming, {
      pathname: url.pathname.replace(/\/+$/, '') || '/',
      query: url.searchParams,
    });
    try {
      const route = routes[`${request.method} ${request.pathname}`];
      if (route) return await route(request, response);
      for (const each of prefixed) {
        if (request.method === each.method && request.pathname.startsWith(each.prefix)) {
          const param = decodeParam(request.pathname.slice(each.prefix.length));
          if (param && !param.includes('/')) return await each.handle(request, response, param);
        }
      }
      throw new EdgeError(
        404,
        'NotFoundError',
        `The edge does not serve ${request.method} ${request.pathname}`,
      );
    } catch (error) {
      fail(request, response, error);
    }
  };

  return { handle, streams };
}
