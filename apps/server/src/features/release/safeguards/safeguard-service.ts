import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { urlProblem, type OutboundPolicy } from '../../automation/index.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { readGuardrailBreaches } from '../../experiments/index.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { requireFlagEnvironment } from '../../flag-model/flags/flag-lookup.ts';
import { MODES_OF, parseSeriesName } from '../impact-metrics/impact-metric.ts';
import { newReleaseId } from '../release-templates/release-id.ts';
import { createReleasePlanService, type PlanPlace } from '../release-plans/release-plan-service.ts';
import {
  ENVIRONMENT_SAFEGUARD_ACTION,
  RANGE_MINUTES,
  MAX_WINDOW_MINUTES,
  type ExperimentGuardrailsSource,
  type ExternalMetricSource,
  type ImpactMetricSource,
  type Safeguard,
  type SafeguardAction,
  type SafeguardOwner,
} from './safeguard.ts';
import { createSafeguardStore, type SafeguardInput } from './safeguard-store.ts';

/**
 * A safeguard as the API takes it (Unleash's createSafeguardSchema, plus an external metric or an experiment's
 * guardrails, a window, an action).
 */
export type SafeguardChange = {
  id?: string;
  impactMetric?: ImpactMetricSource;
  externalMetric?: ExternalMetricSource;
  experimentGuardrails?: ExperimentGuardrailsSource;
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

/** The stored condition of a change, once it is known to be valid; the default action is the owner's. */
async function conditionOf(
  db: Db,
  place: PlanPlace,
  change: SafeguardChange,
  action: SafeguardAction,
): Promise<SafeguardInput> {
  const store = createSafeguardStore(db);
  const given = [change.impactMetric, change.externalMetric, change.experimentGuardrails].filter(Boolean);
  if (given.length !== 1)
    throw new SafeguardProblem(
      'impactMetric',
      'give exactly one of impactMetric, externalMetric and experimentGuardrails',
    );
  if (change.experimentGuardrails) {
    const { experimentId } = change.experimentGuardrails;
    const reading = await readGuardrailBreaches(db, experimentId);
    if (
      !reading ||
      reading.experiment.flagName !== place.flagName ||
      reading.experiment.environment !== place.environment
    )
      throw new SafeguardProblem(
        'experimentGuardrails/experimentId',
        `experiment #${experimentId} is not an experiment of flag "${place.flagName}" in environment "${place.environment}"`,
      );
  }
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
  const windowMinutes =
    change.windowMinutes ??
    (change.impactMetric ? Math.min(RANGE_MINUTES[change.impactMetric.timeRange], MAX_WINDOW_MINUTES) : 5);
  return {
    ...(change.impactMetric
      ? { source: 'impact', metric: change.impactMetric }
      : change.externalMetric
        ? { source: 'external', metric: change.externalMetric }
        : { source: 'experiment', metric: { experimentId: change.experimentGuardrails!.experimentId } }),
    windowMinutes,
    operator: change.triggerCondition.operator,
    threshold: change.triggerCondition.threshold,
    action,
  };
}

const sameOwner = (a: SafeguardOwner, b: SafeguardOwner) =>
  a.kind === 'plan'
    ? b.kind === 'plan' && a.planId === b.planId
    : b.kind === 'environment' && a.flagName === b.flagName && a.environment === b.environment;

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

  /** Stores the change on its owner and records safeguard-changed; `where` names the owner in a 404. */
  async function storeChange(
    place: PlanPlace,
    owner: SafeguardOwner,
    where: string,
    change: SafeguardChange,
    action: SafeguardAction,
    actor: Actor,
  ): Promise<Safeguard> {
    const condition = await conditionOf(db, place, change, action);
    const before = change.id ? await store.get(change.id) : undefined;
    if (change.id && (!before || !sameOwner(before.owner, owner)))
      throw new NotFoundError(`Could not find safeguard "${change.id}" in ${where}`);
    const id = change.id ?? newReleaseId();
    await store.upsert(id, owner, condition);
    const after = (await store.get(id))!;
    await recordFlagEvent(db, actor, { type: 'safeguard-changed', ...place, data: after, preData: before });
    return after;
  }

  /** Removes the owner's safeguard and records safeguard-deleted. */
  async function removeOne(
    place: PlanPlace,
    owner: SafeguardOwner,
    where: string,
    safeguardId: string,
    actor: Actor,
  ): Promise<void> {
    const safeguard = await store.get(safeguardId);
    if (!safeguard || !sameOwner(safeguard.owner, owner))
      throw new NotFoundError(`Could not find safeguard "${safeguardId}" in ${where}`);
    await store.delete(safeguard.id);
    await recordFlagEvent(db, actor, { type: 'safeguard-deleted', ...place, data: null, preData: safeguard });
  }

  const environmentOf = async (place: PlanPlace) => {
    await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
    const owner: SafeguardOwner = {
      kind: 'environment',
      flagName: place.flagName,
      environment: place.environment,
    };
    return { owner, where: `environment "${place.environment}" of flag "${place.flagName}"` };
  };

  return {
    /** Creates a safeguard on the plan, or changes the one with `change.id`; safeguard-changed either way. */
    async change(
      place: PlanPlace,
      planId: string,
      change: SafeguardChange,
      actor: Actor,
    ): Promise<Safeguard> {
      const plan = await planOf(place, planId);
      const owner: SafeguardOwner = { kind: 'plan', planId: plan.id };
      const action = change.action?.type ?? 'pauseReleasePlanProgressions';
      return storeChange(place, owner, `release plan "${plan.id}"`, change, action, actor);
    },
    async remove(place: PlanPlace, planId: string, safeguardId: string, actor: Actor): Promise<void> {
      const plan = await planOf(place, planId);
      await removeOne(
        place,
        { kind: 'plan', planId: plan.id },
        `release plan "${plan.id}"`,
        safeguardId,
        actor,
      );
    },
    /** The flag environment's own safeguards (not those of its release plan). */
    async listOnEnvironment(place: PlanPlace): Promise<Safeguard[]> {
      await environmentOf(place);
      return store.ofEnvironment(place.flagName, place.environment);
    },
    /** A safeguard on the flag environment itself: when its condition holds, the environment is turned off. */
    async changeOnEnvironment(place: PlanPlace, change: SafeguardChange, actor: Actor): Promise<Safeguard> {
      const { owner, where } = await environmentOf(place);
      if (change.action && change.action.type !== ENVIRONMENT_SAFEGUARD_ACTION)
        throw new SafeguardProblem(
          'action/type',
          `a flag environment's own safeguard can only turn the environment off ("${ENVIRONMENT_SAFEGUARD_ACTION}"): pausing or going back needs a release plan`,
        );
      return storeChange(place, owner, where, change, ENVIRONMENT_SAFEGUARD_ACTION, actor);
    },
    async removeFromEnvironment(place: PlanPlace, safeguardId: string, actor: Actor): Promise<void> {
      const { owner, where } = await environmentOf(place);
      await removeOne(place, owner, where, safeguardId, actor);
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
