import type { Principal } from '../../../http/auth.ts';
import type { ClientFeature } from '../client-api/client-feature.ts';
import { resolveClientQuery, type ClientQuery, type ClientQueryString } from '../client-api/client-query.ts';
import type { StreamSnapshot } from '../client-api/client-stream-session.ts';
import { buildFrontendContext } from '../frontend-api/frontend-context.ts';
import {
  serialiseJson,
  serialiseToggle,
  serialiseToggles,
  type SerialisedBody,
} from '../frontend-api/frontend-response.ts';
import {
  buildOfrepContext,
  evaluateOfrepFlag,
  evaluateOfrepFlags,
  hasTargetingKey,
  type OfrepEvaluation,
} from '../ofrep/ofrep.ts';
import { reportExposures, type ExposurePort } from './exposure-port.ts';
import type { CachedPayload } from './serving-payload.ts';
import type { ServingState } from './serving-state.ts';
import { projectFilter, type TokenScope } from './token-scope.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;
const principals = new WeakMap<TokenScope, TokenPrincipal>();

/** The token principal the Client API's query rules read, made once per scope. */
function principalOf(scope: TokenScope): TokenPrincipal {
  let principal = principals.get(scope);
  if (!principal) {
    principal = {
      kind: 'token',
      tokenId: 0,
      tokenName: 'sdk',
      type: scope.type as TokenPrincipal['type'],
      environment: scope.environment,
      projects: scope.projects,
    };
    principals.set(scope, principal);
  }
  return principal;
}

/**
 * Every answer an SDK gets, assembled from a serving state: the Client API's payloads and streams, the Frontend
 * API's and OFREP's evaluations, each limited to what the token's scope sees. `key` names the state to serve from;
 * undefined results mean that state is not there (yet).
 */
export function createServingAnswers(serving: ServingState, exposures?: ExposurePort) {
  return {
    clientQuery(
      scope: TokenScope,
      queryString: ClientQueryString,
      spec: string | string[] | undefined,
    ): ClientQuery {
      return resolveClientQuery(principalOf(scope), queryString, spec);
    },
    clientFeatures(key: string, query: ClientQuery): CachedPayload | undefined {
      return serving.payload(key, query);
    },
    clientFeature(key: string, query: ClientQuery, name: string): ClientFeature | undefined {
      return serving.payload(key, query)?.body.features.find((feature) => feature.name === name);
    },
    /** What a delta or streaming SDK sees now (always with segments by id). */
    streamSnapshot(key: string, query: ClientQuery): StreamSnapshot | undefined {
      return serving.selection(key, query);
    },
    frontend(
      key: string,
      scope: TokenScope,
      raw: Record<string, unknown>,
      ip: string,
    ): SerialisedBody | undefined {
      const snapshot = serving.compiled(key);
      if (!snapshot) return undefined;
      const context = buildFrontendContext(raw, ip);
      const results = snapshot.evaluateAll(context, { filter: projectFilter(scope) });
      reportExposures(exposures, scope.environment, context, results);
      return serialiseToggles(results);
    },
    /** One flag for the Frontend API: undefined state, or null when the flag is not enabled for this token. */
    frontendFlag(
      key: string,
      scope: TokenScope,
      name: string,
      raw: Record<string, unknown>,
      ip: string,
    ): SerialisedBody | null | undefined {
      const snapshot = serving.compiled(key);
      if (!snapshot) return undefined;
      const filter = projectFilter(scope);
      const definition = snapshot.definition(name);
      if (!definition || (filter && !filter(definition))) return null;
      const context = buildFrontendContext(raw, ip);
      const result = snapshot.evaluate(name, context);
      reportExposures(exposures, scope.environment, context, [result]);
      return result.enabled ? serialiseToggle(result) : null;
    },
    ofrepFlags(
      key: string,
      scope: TokenScope,
      raw: Record<string, unknown>,
      ip: string,
    ): SerialisedBody | undefined {
      const snapshot = serving.compiled(key);
      if (!snapshot) return undefined;
      const context = buildOfrepContext(raw, ip);
      return serialiseJson(
        evaluateOfrepFlags(snapshot, context, projectFilter(scope), hasTargetingKey(raw), (results) =>
          reportExposures(exposures, scope.environment, context, results),
        ),
      );
    },
    ofrepFlag(
      key: string,
      scope: TokenScope,
      flag: string,
      raw: Record<string, unknown>,
      ip: string,
    ): { status: 200 | 400 | 404; body: OfrepEvaluation } | undefined {
      const snapshot = serving.compiled(key);
      if (!snapshot) return undefined;
      const context = buildOfrepContext(raw, ip);
      return evaluateOfrepFlag(
        snapshot,
        flag,
        context,
        projectFilter(scope),
        hasTargetingKey(raw),
        (results) => reportExposures(exposures, scope.environment, context, results),
      );
    },
  };
}

export type ServingAnswers = ReturnType<typeof createServingAnswers>;
