import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionName } from '@switchyard/access';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createSafeguardStore } from '../safeguards/safeguard-store.ts';
import type { Safeguard } from '../safeguards/safeguard.ts';
import { toSafeguardResponse } from '../safeguards/safeguard-wire.ts';
import { progressionDueAt, type PlanMilestone, type ReleasePlan } from './release-plan.ts';
import {
  AddReleasePlanBody,
  FlagEnvironmentParams,
  MilestoneParams,
  PlanMilestoneResponse,
  PlanParams,
  ProgressionBody,
  ProgressionResponse,
  ReleasePlanListResponse,
  ReleasePlanResponse,
  SourceMilestoneParams,
} from './release-plan-schemas.ts';
import { createReleasePlanService, type PlanPlace, type ReleasePlanService } from './release-plan-service.ts';

const TAG = 'Features';
const BASE = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/release-plans';
/** Where change requests are on, the same write is a change of a request (decision record 0049). */
const guarded = (action: string) =>
  `Needs the permission in the environment; where change requests are on there, it is refused unless the caller may skip them: draft it as a \`${action}\` change of a change request instead.`;

const toMilestoneResponse = (
  { intervalMinutes, startedAt, progressionExecutedAt, targetMilestoneId: _, ...milestone }: PlanMilestone,
  pausedAt: Date | null = null,
) => ({
  ...milestone,
  transitionCondition: intervalMinutes === null ? null : { intervalMinutes },
  startedAt: startedAt?.toISOString() ?? null,
  progressionExecutedAt: progressionExecutedAt?.toISOString() ?? null,
  pausedAt: pausedAt?.toISOString() ?? null,
});

export const toReleasePlanResponse = (plan: ReleasePlan, safeguards: Safeguard[] = []) => ({
  id: plan.id,
  discriminator: 'plan' as const,
  name: plan.name,
  description: plan.description,
  featureName: plan.flagName,
  environment: plan.environment,
  releasePlanTemplateId: plan.templateId,
  activeMilestoneId: plan.activeMilestoneId,
  createdByUserId: plan.createdByUserId,
  createdAt: plan.createdAt.toISOString(),
  pausedAt: plan.pausedAt?.toISOString() ?? null,
  pausedReason: plan.pausedReason,
  nextProgressionAt: progressionDueAt(plan)?.toISOString() ?? null,
  milestones: plan.milestones.map((m) =>
    toMilestoneResponse(m, m.id === plan.activeMilestoneId ? plan.pausedAt : null),
  ),
  safeguards: safeguards
    .filter((s) => s.owner.kind === 'plan' && s.owner.planId === plan.id)
    .map(toSafeguardResponse),
});

const placeOf = (params: { projectId: string; featureName: string; environment: string }): PlanPlace => ({
  project: params.projectId,
  flagName: params.featureName,
  environment: params.environment,
});

const writeAuth = (permission: PermissionName) => ({
  auth: {
    permission,
    project: 'params.projectId' as const,
    environment: 'params.environment' as const,
    reviewedBy: 'environment' as const,
  },
});

/** Release plans of a flag environment: a template's milestones, started one at a time. */
export function releasePlanRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ReleasePlanResponse);
    const tx = <T>(fn: (s: ReleasePlanService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createReleasePlanService(t)));

    app.get(
      BASE,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            TAG,
            'getReleasePlans',
            'List the release plans of a flag in an environment',
            'The release plan of the flag environment (at most one), with its milestones and which one is active.',
          ),
          params: FlagEnvironmentParams,
          response: { 200: ReleasePlanListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const list = await createReleasePlanService(deps.db).list(placeOf(request.params));
        const safeguards = await createSafeguardStore(deps.db).ofPlans(list.map((p) => p.id));
        return list.map((plan) => toReleasePlanResponse(plan, safeguards));
      },
    );

    app.post(
      BASE,
      {
        config: writeAuth('CREATE_FEATURE_STRATEGY'),
        schema: {
          ...describe(
            TAG,
            'addReleasePlan',
            'Add a release plan to a flag in an environment',
            `Copies the milestones of a release template onto the flag environment; none is active until one is started. A flag environment has at most one plan. ${guarded('addReleasePlan')}`,
          ),
          params: FlagEnvironmentParams,
          body: AddReleasePlanBody,
          response: {
            200: { ...ReleasePlanResponse, $id: undefined, description: 'The added release plan.' },
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) =>
        toReleasePlanResponse(
          await tx((s) => s.add(placeOf(request.params), request.body.templateId, actorOf(request))),
        ),
    );

    app.post(
      `${BASE}/:planId/milestones/:milestoneId/start`,
      {
        config: writeAuth('UPDATE_FEATURE_STRATEGY'),
        schema: {
          ...describe(
            TAG,
            'startMilestone',
            'Start a milestone of a release plan',
            `Makes the milestone the active one: the strategies the previous milestone put on the flag environment are removed and the milestone's strategies are added, so SDKs get them with the next poll. ${guarded('startMilestone')}`,
          ),
          params: MilestoneParams,
          response: {
            200: { ...PlanMilestoneResponse, description: 'The started milestone.' },
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const { planId, milestoneId } = request.params;
        return toMilestoneResponse(
          await tx((s) => s.startMilestone(placeOf(request.params), planId, milestoneId, actorOf(request))),
        );
      },
    );

    const PROGRESSIONS =
      '/api/admin/projects/:projectId/features/:featureName/environments/:environment/progressions';
    app.put(
      `${PROGRESSIONS}/:sourceMilestoneId`,
      {
        config: writeAuth('UPDATE_FEATURE_STRATEGY'),
        schema: {
          ...describe(
            TAG,
            'changeMilestoneProgression',
            'Start a milestone by itself after another',
            `The target milestone starts by itself \`intervalMinutes\` after the source milestone starts (counted from a resume, when the plan was paused and resumed since), once across all server processes. ${guarded('changeMilestoneProgression')}`,
          ),
          params: SourceMilestoneParams,
          body: ProgressionBody,
          response: {
            200: { ...ProgressionResponse, description: 'The progression.' },
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) =>
        tx((s) =>
          s.changeProgression(
            placeOf(request.params),
            request.params.sourceMilestoneId,
            {
              targetMilestoneId: request.body.targetMilestone,
              intervalMinutes: request.body.transitionCondition.intervalMinutes,
            },
            actorOf(request),
          ),
        ),
    );

    app.delete(
      `${PROGRESSIONS}/:sourceMilestoneId`,
      {
        config: writeAuth('UPDATE_FEATURE_STRATEGY'),
        schema: {
          ...describe(
            TAG,
            'deleteMilestoneProgression',
            'Stop a milestone leading to the next by itself',
            `The next milestone then starts only by hand. ${guarded('deleteMilestoneProgression')}`,
          ),
          params: SourceMilestoneParams,
          response: { 204: noContent('The progression was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) =>
          s.deleteProgression(placeOf(request.params), request.params.sourceMilestoneId, actorOf(request)),
        );
        return reply.status(204).send();
      },
    );

    for (const [verb, operationId, summary, text, action] of [
      [
        'pause',
        'pauseMilestoneProgressions',
        'Pause a release plan',
        'No milestone starts by itself until the plan is resumed; milestones can still be started by hand. A triggered safeguard pauses the plan the same way, with its explanation in `pausedReason`.',
        'pauseMilestoneProgression',
      ],
      [
        'resume',
        'resumeMilestoneProgressions',
        'Resume a paused release plan',
        'Milestones start by themselves again; the active milestone’s interval counts from now. Its safeguards are evaluated again, so one whose condition still holds pauses it again.',
        'resumeMilestoneProgression',
      ],
    ] as const)
      app.post(
        `${PROGRESSIONS}/:planId/${verb}`,
        {
          config: writeAuth('UPDATE_FEATURE_STRATEGY'),
          schema: {
            ...describe(TAG, operationId, summary, `${text} ${guarded(action)}`),
            params: PlanParams,
            response: {
              200: { ...ReleasePlanResponse, $id: undefined, description: 'The release plan.' },
              ...errorResponses(401, 403, 404),
            },
          },
        },
        async (request) => {
          const plan = await tx((s) =>
            s[verb](placeOf(request.params), request.params.planId, actorOf(request)),
          );
          return toReleasePlanResponse(plan, await createSafeguardStore(deps.db).ofPlans([plan.id]));
        },
      );

    app.delete(
      `${BASE}/:planId`,
      {
        config: writeAuth('DELETE_FEATURE_STRATEGY'),
        schema: {
          ...describe(
            TAG,
            'removeReleasePlan',
            'Remove a release plan from a flag in an environment',
            `Removes the plan and the strategies its active milestone put on the flag environment. ${guarded('deleteReleasePlan')}`,
          ),
          params: PlanParams,
          response: { 200: noContent('The release plan was removed.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.remove(placeOf(request.params), request.params.planId, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
