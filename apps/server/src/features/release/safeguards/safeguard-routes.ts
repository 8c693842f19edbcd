import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import type { OutboundPolicy } from '../../automation/index.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { FlagEnvironmentParams, PlanParams } from '../release-plans/release-plan-schemas.ts';
import type { PlanPlace } from '../release-plans/release-plan-service.ts';
import {
  ExternalSourceBody,
  ExternalSourceResponse,
  SafeguardBody,
  SafeguardResponse,
} from './safeguard-schemas.ts';
import { createSafeguardService, SafeguardProblem, type SafeguardService } from './safeguard-service.ts';
import { toSafeguardResponse } from './safeguard-wire.ts';
import { Type } from 'typebox';

const BASE =
  '/api/admin/projects/:projectId/features/:featureName/environments/:environment/release-plans/:planId/safeguards';
const ENVIRONMENT_BASE =
  '/api/admin/projects/:projectId/features/:featureName/environments/:environment/safeguards';
const guarded = (action: string) =>
  `Needs the permission in the environment; where change requests are on there, it is refused unless the caller may skip them: draft it as a \`${action}\` change of a change request instead.`;

const placeOf = (params: { projectId: string; featureName: string; environment: string }): PlanPlace => ({
  project: params.projectId,
  flagName: params.featureName,
  environment: params.environment,
});

/** A service problem as the one error format, naming the body field. */
async function fieldErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof SafeguardProblem) throw BadDataError.field(`/body/${error.field}`, error.message);
    throw error;
  }
}

/** Safeguards of release plans, and the instance's external metric source they may read. */
export function safeguardRoutes(deps: { db: Db; policy: OutboundPolicy }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tx = <T>(fn: (s: SafeguardService) => Promise<T>) =>
      fieldErrors(() => inTransaction(deps.db, (t) => fn(createSafeguardService(t))));
    const writeAuth = {
      auth: {
        permission: 'UPDATE_FEATURE_STRATEGY' as const,
        project: 'params.projectId' as const,
        environment: 'params.environment' as const,
        reviewedBy: 'environment' as const,
      },
    };

    app.put(
      BASE,
      {
        config: writeAuth,
        schema: {
          ...describe(
            'Features',
            'changeReleasePlanSafeguard',
            'Add or change a safeguard of a release plan',
            `A metric (an impact metric, or a PromQL query of the external source) aggregated over a window and compared with a threshold, evaluated by the server every SAFEGUARD_INTERVAL_MS while the plan runs. When the condition holds it acts once: pauses the plan (and, by its action, turns the flag off in the environment or goes back one milestone), records a safeguard-triggered event and keeps its explanation on the plan. With the \`id\` of one of the plan's safeguards it replaces that one's condition. ${guarded('changeSafeguard')}`,
          ),
          params: PlanParams,
          body: SafeguardBody,
          response: {
            200: { ...SafeguardResponse, description: 'The safeguard.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) => {
        const { planId } = request.params;
        return toSafeguardResponse(
          await tx((s) => s.change(placeOf(request.params), planId, request.body, actorOf(request))),
        );
      },
    );

    app.delete(
      `${BASE}/:safeguardId`,
      {
        config: writeAuth,
        schema: {
          ...describe(
            'Features',
            'deleteReleasePlanSafeguard',
            'Remove a safeguard from a release plan',
            `The plan is no longer watched by it; a pause it caused stays until the plan is resumed. ${guarded('deleteSafeguard')}`,
          ),
          params: Type.Object({ ...PlanParams.properties, safeguardId: Type.String() }),
          response: { 204: noContent('The safeguard was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { planId, safeguardId } = request.params;
        await tx((s) => s.remove(placeOf(request.params), planId, safeguardId, actorOf(request)));
        return reply.status(204).send();
      },
    );

    app.get(
      ENVIRONMENT_BASE,
      {
        config: {
          auth: {
            permission: 'READ' as const,
            project: 'params.projectId' as const,
            environment: 'params.environment' as const,
          },
        },
        schema: {
          ...describe(
            'Features',
            'getFeatureEnvSafeguards',
            'List the safeguards of a flag environment',
            'The flag environment’s own safeguards, without those of its release plan (the plan lists them), with their last reading and, once triggered, what they did and why.',
          ),
          params: FlagEnvironmentParams,
          response: {
            200: Type.Array(SafeguardResponse, { description: 'The safeguards, oldest first.' }),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) =>
        (await createSafeguardService(deps.db).listOnEnvironment(placeOf(request.params))).map(
          toSafeguardResponse,
        ),
    );

    app.put(
      ENVIRONMENT_BASE,
      {
        config: writeAuth,
        schema: {
          ...describe(
            'Features',
            'changeFeatureEnvSafeguard',
            'Add or change a safeguard of a flag environment',
            `A safeguard on the flag environment itself, for a flag rolled out without a release plan: the same metric, window and threshold as a plan’s, evaluated every SAFEGUARD_INTERVAL_MS while the environment is on. When the condition holds it turns the environment off (its one action, \`turnOffEnvironment\`), once, and records a safeguard-triggered event with its explanation. Turning the environment on again arms it again: if the metric is still past its threshold it is turned off at the next evaluation. With the \`id\` of one of its safeguards it replaces that one's condition. ${guarded('changeFeatureEnvSafeguard')}`,
          ),
          params: FlagEnvironmentParams,
          body: SafeguardBody,
          response: {
            200: { ...SafeguardResponse, description: 'The safeguard.' },
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        toSafeguardResponse(
          await tx((s) => s.changeOnEnvironment(placeOf(request.params), request.body, actorOf(request))),
        ),
    );

    app.delete(
      `${ENVIRONMENT_BASE}/:safeguardId`,
      {
        config: writeAuth,
        schema: {
          ...describe(
            'Features',
            'deleteFeatureEnvSafeguard',
            'Remove a safeguard from a flag environment',
            `The environment is no longer watched by it; if it turned the environment off, the environment stays off until someone turns it on. ${guarded('deleteFeatureEnvSafeguard')}`,
          ),
          params: Type.Object({ ...FlagEnvironmentParams.properties, safeguardId: Type.String() }),
          response: { 204: noContent('The safeguard was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { safeguardId } = request.params;
        await tx((s) => s.removeFromEnvironment(placeOf(request.params), safeguardId, actorOf(request)));
        return reply.status(204).send();
      },
    );

    const SOURCE = '/api/admin/impact-metrics/external-source';
    app.get(
      SOURCE,
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Impact Metrics',
            'getImpactMetricsExternalSource',
            'Read the external metric source',
            'The Prometheus-compatible API that safeguards with an `externalMetric` query (`GET /api/v1/query_range`); null: none.',
          ),
          response: { 200: ExternalSourceResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ url: await createSafeguardService(deps.db).externalSource() }),
    );

    app.put(
      SOURCE,
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Impact Metrics',
            'setImpactMetricsExternalSource',
            'Set the external metric source',
            'One per instance. The URL meets the same outbound-address policy as webhooks: loopback, link-local and private addresses are refused unless INTEGRATION_ALLOWED_HOSTS names them.',
          ),
          body: ExternalSourceBody,
          response: { 200: ExternalSourceResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => ({
        url: await tx((s) => s.setExternalSource(request.body.url, deps.policy, actorOf(request))),
      }),
    );
  };
}
