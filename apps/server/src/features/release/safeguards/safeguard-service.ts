import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { urlProblem, type OutboundPolicy } from '../../automation/index.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { MODES_OF, parseSeriesName } from '../impact-metrics/impact-metric.ts';
import { newReleaseId } from '../release-templates/release-id.ts';
import { createReleasePlanService, type PlanPlace } from '../release-plans/release-plan-service.ts';
import {
  RANGE_MINUTES,
  MAX_WINDOW_MINUTES,
  type ExternalMetricSource,
  type ImpactMetricSource,
  type Safeguard,
  type SafeguardAction,
} from './safeguard.ts';
import { createSafeguardStore } from './safeguard-store.ts';

/** A safeguard as the API takes it (Unleash's createSafeguardSchema, plus an external metric, a window, an action). */
export type SafeguardChange = {
  id?: string;
  impactMetric?: ImpactMetricSource;
  externalMetric?: ExternalMetricSource;
  windowMinutes?: number;
  triggerCondition: { operator: '>' | '<'; threshold: number };
  action?: { type: SafeguardAction };
};

/** A safeguard change that cannot be stored, naming the field as the route reports it. */
export class SafeguardProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function createSafeguardService(db: Db) {
  const store = createSafeguardStore(db);

  async function planOf(place: PlanPlace, planId: string) {
    const plan = (await createReleasePlanService(db).list(place)).find((p) => p.id === planId);
    if (!plan)
      throw new NotFoundError(
        `Could not find release plan "${planId}" of flag "${place.flagName}" in environment "${place.environment}"`,
      );
    return plan;
  }

  return {
    /** Creates a safeguard on the plan, or changes the one with `change.id`; safeguard-changed either way. */
    async change(
      place: PlanPlace,
      planId: string,
      change: SafeguardChange,
      actor: Actor,
    ): Promise<Safeguard> {
      const plan = await planOf(place, planId);
      if (Boolean(change.impactMetric) === Boolean(change.externalMetric))
        throw new SafeguardProblem('impactMetric', 'give exactly one of impactMetric and externalMetric');
      if (change.impactMetric) {
        const wanted = parseSeriesName(change.impactMetric.metricName);
        if (wanted.type && !MODES_OF[wanted.type].includes(change.impactMetric.aggregationMode))
          throw new SafeguardProblem(
            'impactMetric/aggregationMode',
            `a ${wanted.type} is aggregated by ${MODES_OF[wanted.type].join(', ')}, not "${change.impactMetric.aggregationMode}"`,
          );
      }
      if (change.externalMetric && !(await store.externalSource()))
        throw new SafeguardProblem(
          'externalMetric',
          'no external metric source is configured: PUT /api/admin/impact-metrics/external-source first',
        );
      const before = change.id ? await store.get(change.id) : undefined;
      if (change.id && (!before || before.planId !== plan.id))
        throw new NotFoundError(`Could not find safeguard "${change.id}" in release plan "${plan.id}"`);
      const id = change.id ?? newReleaseId();
      const windowMinutes =
        change.windowMinutes ??
        (change.impactMetric
          ? Math.min(RANGE_MINUTES[change.impactMetric.timeRange], MAX_WINDOW_MINUTES)
          : 5);
      await store.upsert(id, plan.id, {
        ...(change.impactMetric
          ? { source: 'impact', metric: change.impactMetric }
          : { source: 'external', metric: change.externalMetric! }),
        windowMinutes,
        operator: change.triggerCondition.operator,
        threshold: change.triggerCondition.threshold,
        action: change.action?.type ?? 'pauseReleasePlanProgressions',
      });
      const after = (await store.get(id))!;
      await recordFlagEvent(db, actor, {
        type: 'safeguard-changed',
        project: plan.project,
        flagName: plan.flagName,
        environment: plan.environment,
        data: after,
        preData: before,
      });
      return after;
    },
    async remove(place: PlanPlace, planId: string, safeguardId: string, actor: Actor): Promise<void> {
      const plan = await planOf(place, planId);
      const safeguard = await store.get(safeguardId);
      if (!safeguard || safeguard.planId !== plan.id)
        throw new NotFoundError(`Could not find safeguard "${safeguardId}" in release plan "${plan.id}"`);
      await store.delete(safeguard.id);
      await recordFlagEvent(db, actor, {
        type: 'safeguard-deleted',
        project: plan.project,
        flagName: plan.flagName,
        environment: plan.environment,
        data: null,
        preData: safeguard,
      });
    },
    /** A safeguard by id, whatever its plan (change requests check the plan is the one they name). */
    get: (id: string) => store.get(id),
    /** The plan's safeguards, oldest first. */
    ofPlan: (planId: string) => store.ofPlans([planId]),
    externalSource: () => store.externalSource(),
    /** Sets the instance's external source, refusing a URL the outbound policy refuses (as for webhooks). */
    async setExternalSource(
      url: string | null,
      policy: OutboundPolicy,
      actor: Actor,
    ): Promise<string | null> {
      if (url !== null) {
        const problem = await urlProblem(policy, url);
        if (problem) throw new SafeguardProblem('url', `the URL ${problem}`);
      }
      const before = await store.externalSource();
      await store.setExternalSource(url);
      await createEventStore(db).append({
        type: 'impact-metrics-external-source-changed',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: { url },
        preData: { url: before },
      });
      return url;
    },
  };
}

export type SafeguardService = ReturnType<typeof createSafeguardService>;
