import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { AuthenticationRequired } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { createApiTokenService, hashSecret, isExpired, secretPrefix } from '../../identity/index.ts';
import { reportEnvironment, toDate, toRegistration, tokenEnvironment } from '../client-api/client-report.ts';
import type { ImpactMetricsPort } from '../client-api/impact-metrics-wire.ts';
import type { ClientReports } from '../client-api/client-report-buffer.ts';
import type { FlagCount } from '../client-api/client-report-store.ts';
import { createEdgeNonceStore } from './edge-nonce-store.ts';
import { createRateLimit, createWindowBudget } from './edge-rate-limit.ts';
import {
  BulkMetricsBody,
  EdgeObservabilityBody,
  IssueTokenBody,
  ValidateBody,
  ValidTokensResponse,
} from './edge-schemas.ts';
import { issuedSecret, signedHeaders, verifySignature } from './edge-signature.ts';

type ValidToken = { token: string; type: string; projects: string[]; environment: string };
type TokenRow = {
  secret_hash: string;
  type: string;
  projects: string[];
  environment: string;
  expires_at: Date | null;
};

/**
 * Tokens /edge/validate may refuse to one address a minute (decision record 0023). Only refusals count: an edge
 * whose SDKs flood it with random tokens spends this budget, never the validation of real ones.
 */
const REFUSED_TOKENS_PER_MINUTE = 1_000;

/** Bodies of the edge's operations stay small: tokens and a batch of metrics, never megabytes of either. */
const SMALL_BODY = 256 * 1024;
const METRICS_BODY = 2 * 1024 * 1024;

/** What an edge in front of Switchyard calls (Unleash Edge, or any proxy that speaks the same upstream API). */
export function edgeRoutes(deps: {
  db: Db;
  edgeClients: ReadonlyMap<string, string>;
  impactMetrics: ImpactMetricsPort;
  reports: ClientReports;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const reports = deps.reports;
    const nonces = createEdgeNonceStore(deps.db);
    const refusedTokens = createWindowBudget({
      limit: REFUSED_TOKENS_PER_MINUTE,
      windowMs: 60_000,
      what: 'unknown tokens',
    });
    const issueLimit = createRateLimit({ limit: 30, windowMs: 60_000 });

    /** The client and frontend tokens among the secrets given, in the order given; the rest are left out. */
    async function validTokens(secrets: string[]): Promise<ValidToken[]> {
      const unique = [...new Set(secrets)];
      if (!unique.length) return [];
      const rows = await deps.db.query<TokenRow>(
        `SELECT secret_hash, type, projects, environment, expires_at FROM api_tokens
          WHERE secret_hash = ANY($1) AND type IN ('client', 'frontend')`,
        [unique.map(hashSecret)],
      );
      const byHash = new Map(rows.map((row) => [row.secret_hash, row]));
      return unique.flatMap((token) => {
        const row = byHash.get(hashSecret(token));
        if (!row || isExpired({ expiresAt: row.expires_at })) return [];
        return [{ token, type: row.type, projects: row.projects, environment: row.environment }];
      });
    }

    /** Refuses a request to issue-token unless an edge client signed it, once; before its body is validated. */
    async function verifySigned(request: FastifyRequest): Promise<void> {
      const verdict = verifySignature(
        {
          method: request.method,
          path: '/edge/issue-token',
          ...signedHeaders(request.headers),
          body: request.rawBody ?? '',
        },
        deps.edgeClients,
        Date.now(),
      );
      if (!verdict.ok) throw new AuthenticationRequired(`Signed request refused: ${verdict.reason}`);
      if (!(await nonces.use(verdict.clientId, verdict.nonce)))
        throw new AuthenticationRequired('Signed request refused: nonce already used (a replay)');
      request.edgeClientId = verdict.clientId;
    }

    app.post(
      '/edge/validate',
      {
        config: { auth: { area: 'public' } },
        bodyLimit: SMALL_BODY,
        // Refused before the body is read once the address has used its budget.
        onRequest: async (request) => refusedTokens.check(request.ip),
        schema: {
          ...describe(
            'Edge',
            'getValidTokens',
            'Check which tokens are valid',
            `An edge sends the tokens its SDKs use, without a token of its own, and gets back the valid client and frontend tokens with their type, projects and environment; unknown, expired and admin tokens are left out. At most 100 tokens per request. Only tokens left out count against a limit: after 1,000 of them in a minute from one address (per Switchyard process), that address gets 429 with Retry-After until the minute ends; valid tokens never use it up.`,
          ),
          security: [],
          body: ValidateBody,
          response: { 200: ValidTokensResponse, ...errorResponses(400, 415, 429) },
        },
      },
      async (request) => {
        const unique = [...new Set(request.body.tokens)];
        // Spent before the lookup, so concurrent requests cannot all pass the check; the valid ones come back.
        refusedTokens.check(request.ip);
        refusedTokens.spend(request.ip, unique.length);
        const tokens = await validTokens(unique).catch((error: unknown) => {
          refusedTokens.refund(request.ip, unique.length);
          throw error;
        });
        refusedTokens.refund(request.ip, tokens.length);
        return { tokens };
      },
    );

    app.post(
      '/edge/issue-token',
      {
        config: { auth: { area: 'public' }, keepRawBody: true },
        bodyLimit: SMALL_BODY,
        onRequest: issueLimit,
        preValidation: verifySigned,
        schema: {
          ...describe(
            'Edge',
            'edgeCreateOrReturnTokens',
            'Issue client tokens to an edge',
            'An edge configured with a client id and secret (`EDGE_CLIENTS`) gets client tokens for the environments and projects it asks for. The request is signed as Unleash Edge signs it: `Authorization: HMAC <clientId>:<signature>`, `x-timestamp` (RFC 3339, within 5 minutes), `x-nonce` (hex, single use: a replay is refused by every Switchyard process on the database) and `content-sha256` of the body as sent. At most 30 requests a minute from one address (per Switchyard process). The tokens are derived from the client secret: asking again returns the same ones, and rotating the secret issues new ones.',
          ),
          security: [{ edgeHmac: [] }],
          body: IssueTokenBody,
          response: { 200: ValidTokensResponse, ...errorResponses(400, 401, 415, 429) },
        },
      },
      async (request) => {
        const clientId = request.edgeClientId!;
        const clientSecret = deps.edgeClients.get(clientId)!;
        const actor = { name: `edge:${clientId}`, userId: null };
        const tokens = await deps.db.transaction(async (tx) => {
          const service = createApiTokenService(tx);
          const issued: ValidToken[] = [];
          for (const wanted of request.body.tokens) {
            const projects = wanted.projects.includes('*') ? ['*'] : [...new Set(wanted.projects)].sort();
            const secret = `${secretPrefix(projects, wanted.environment)}.${issuedSecret(clientSecret, clientId, wanted.environment, projects)}`;
            const [existing] = await tx.query('SELECT 1 FROM api_tokens WHERE secret_hash = $1', [
              hashSecret(secret),
            ]);
            if (!existing) {
              const tokenName = `edge-${clientId}-${wanted.environment}`;
              await service.create(
                { tokenName, type: 'client', environment: wanted.environment, projects },
                actor,
                { secret },
              );
            }
            issued.push({ token: secret, type: 'client', projects, environment: wanted.environment });
          }
          return issued;
        });
        return { tokens };
      },
    );

    app.post(
      '/api/client/metrics/bulk',
      {
        bodyLimit: METRICS_BODY,
        schema: {
          ...describe(
            'Edge',
            'clientBulkMetrics',
            'Forward SDK registrations and metrics in bulk',
            "An edge forwards what its SDKs reported: their registrations (`applications`) and per-flag counts (`metrics`), stored exactly as if the SDKs had sent them, so the applications and usage views show them. As in Unleash, counts for another environment than the token's are dropped. At most 1,000 applications and 10,000 counts per request. `impactMetrics` are stored as `/api/client/metrics` stores them, each sample under its `appName` label.",
          ),
          body: BulkMetricsBody,
          response: { 202: noContent('Accepted.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        for (const application of request.body.applications) {
          const registration = toRegistration(
            {
              appName: application.appName,
              instanceId: application.instanceId,
              sdkVersion: application.sdkVersion ?? undefined,
              strategies: application.strategies,
              started: application.started,
              interval: application.interval,
            },
            principal,
            application.sdkType === 'frontend' ? 'frontend' : 'backend',
          );
          await reports.register({
            ...registration,
            environment: reportEnvironment(principal, application.environment),
          });
        }
        // One batch per application, environment and hour, with a flag's counts merged: one upsert each.
        const batches = new Map<
          string,
          { appName: string; environment: string; hour: Date; counts: Map<string, FlagCount> }
        >();
        for (const metric of request.body.metrics) {
          const environment = reportEnvironment(principal, metric.environment);
          if (environment !== metric.environment) continue;
          const hour = metric.timestamp === undefined ? new Date() : toDate(metric.timestamp);
          hour.setUTCMinutes(0, 0, 0);
          const key = JSON.stringify([metric.appName, environment, hour.getTime()]);
          let batch = batches.get(key);
          if (!batch)
            batches.set(key, (batch = { appName: metric.appName, environment, hour, counts: new Map() }));
          const count = batch.counts.get(metric.featureName) ?? {
            flagName: metric.featureName,
            yes: 0,
            no: 0,
            variants: {},
          };
          count.yes = capped(count.yes + (metric.yes ?? 0));
          count.no = capped(count.no + (metric.no ?? 0));
          for (const [name, n] of Object.entries(metric.variants ?? {}))
            count.variants[name] = capped((count.variants[name] ?? 0) + n);
          batch.counts.set(metric.featureName, count);
        }
        for (const batch of batches.values()) {
          await reports.seen(batch.appName, batch.environment);
          await reports.addCounts(batch.appName, batch.environment, batch.hour, [...batch.counts.values()]);
        }
        if (request.body.impactMetrics?.length)
          await deps.impactMetrics.record({
            metrics: request.body.impactMetrics,
            tokenEnvironment: tokenEnvironment(principal),
          });
        return reply.code(202).send();
      },
    );

    app.post(
      '/api/client/metrics/edge',
      {
        bodyLimit: SMALL_BODY,
        schema: {
          ...describe(
            'Edge',
            'registerEdgeObservabilityMetrics',
            "Accept an edge's own observability report",
            "Unleash Edge reports its traffic, latency and connected clients here. Switchyard accepts the report so the edge does not log errors, and keeps nothing of it: Unleash's view of edges is an Enterprise feature Switchyard does not have.",
          ),
          body: EdgeObservabilityBody,
          response: { 202: noContent('Accepted.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (_request, reply) => reply.code(202).send(),
    );
  };
}

/** Counts are summed per batch; past JavaScript's exact integers they stop growing rather than lose precision. */
const capped = (n: number) => Math.min(n, Number.MAX_SAFE_INTEGER);

declare module 'fastify' {
  interface FastifyRequest {
    /** The edge client whose signature a signed request carried. */
    edgeClientId?: string;
  }
}
