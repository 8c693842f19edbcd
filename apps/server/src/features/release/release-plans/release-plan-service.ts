import type { Db } from '../../../db/db.ts';
import { ConflictError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { requireFlagEnvironment, requireProject } from '../../flag-model/flags/flag-lookup.ts';
import { createFlagStrategyStore } from '../../flag-model/flags/flag-strategy-store.ts';
import { resolveStrategy } from '../../flag-model/flags/strategy-input.ts';
import { switchOffWhenNothingActive } from '../../flag-model/flags/environment-switch.ts';
import { insertStrategy, removeStrategy } from '../../flag-model/flags/strategy-service.ts';
import type { Flag } from '../../flag-model/flags/flag.ts';
import { newReleaseId } from '../release-templates/release-id.ts';
import { createReleaseTemplateStore } from '../release-templates/release-template-store.ts';
import type { ReleasePlan } from './release-plan.ts';
import { nextMilestone } from './release-plan.ts';
import { createReleasePlanStore } from './release-plan-store.ts';

/** Where a plan lives: a flag in an environment of a project. */
export type PlanPlace = { project: string; flagName: string; environment: string };

/**
 * Release plans on a flag environment: added from a template, one milestone active at a time. Starting a milestone
 * replaces the strategies the previous one put on the flag environment with its own, as strategy writes (with their
 * events), so SDKs see them like any other strategy.
 */
export function createReleasePlanService(db: Db, now: () => Date = () => new Date()) {
  const plans = createReleasePlanStore(db);
  const strategies = createFlagStrategyStore(db);

  async function findByMilestone(place: PlanPlace, milestoneId: string) {
    const planId = await plans.planIdOfMilestone(milestoneId);
    const found = planId && (await find(place, planId).catch(() => undefined));
    if (!found)
      throw new NotFoundError(
        `Could not find milestone "${milestoneId}" in a release plan of flag "${place.flagName}" in environment "${place.environment}"`,
      );
    return { ...found, milestone: found.plan.milestones.find((m) => m.id === milestoneId)! };
  }

  async function find(place: PlanPlace, id: string): Promise<{ flag: Flag; plan: ReleasePlan }> {
    const { flag } = await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
    const plan = await plans.get(id);
    if (!plan || plan.flagName !== place.flagName || plan.environment !== place.environment)
      throw new NotFoundError(
        `Could not find release plan "${id}" of flag "${place.flagName}" in environment "${place.environment}"`,
      );
    return { flag, plan };
  }

  /** Removes the strategies the plan's active milestone put on the flag environment. */
  async function clearStrategies(flag: Flag, plan: ReleasePlan, actor: Actor): Promise<void> {
    for (const id of await plans.strategyIds(plan.id)) {
      const strategy = await strategies.get(id);
      if (strategy) await removeStrategy(db, flag, strategy, actor);
    }
  }

  const event = (
    type: string,
    flag: Flag,
    environment: string,
    actor: Actor,
    data: unknown,
    preData?: unknown,
  ) =>
    recordFlagEvent(db, actor, {
      type,
      project: flag.project,
      flagName: flag.name,
      environment,
      data,
      preData,
    });

  async function start(flag: Flag, plan: ReleasePlan, milestoneId: string, actor: Actor) {
    const milestone = plan.milestones.find((m) => m.id === milestoneId);
    if (!milestone)
      throw new NotFoundError(`Could not find milestone "${milestoneId}" in release plan "${plan.id}"`);
    await clearStrategies(flag, plan, actor);
    const project = await requireProject(db, flag.project);
    for (const template of milestone.strategies) {
      const resolved = await resolveStrategy(
        db,
        flag,
        {
          name: template.strategyName,
          title: template.title,
          parameters: template.parameters,
          constraints: template.constraints as never,
          variants: template.variants as never,
          segments: template.segments,
        },
        project.default_stickiness,
      );
      const strategy = await insertStrategy(db, flag, plan.environment, resolved, actor);
      await plans.addStrategy(plan.id, strategy.id);
    }
    await switchOffWhenNothingActive(db, flag, plan.environment, actor);
    await plans.activate(plan.id, milestone.id, now());
    const after = (await plans.get(plan.id))!;
    await event('release-plan-milestone-started', flag, plan.environment, actor, after, plan);
    return after.milestones.find((m) => m.id === milestone.id)!;
  }

  return {
    async list(place: PlanPlace): Promise<ReleasePlan[]> {
      await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
      return plans.forFlagEnvironment(place.flagName, place.environment);
    },
    /** Copies the template's milestones onto the flag environment; no milestone is active until one starts. */
    async add(place: PlanPlace, templateId: string, actor: Actor): Promise<ReleasePlan> {
      const { flag } = await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
      const template = await createReleaseTemplateStore(db).get(templateId);
      if (!template || template.archivedAt)
        throw new NotFoundError(`Could not find a release template with id "${templateId}"`);
      if ((await plans.forFlagEnvironment(flag.name, place.environment)).length)
        throw new ConflictError(
          `flag "${flag.name}" already has a release plan in environment "${place.environment}"`,
        );
      const id = newReleaseId();
      await plans.insert({
        id,
        templateId,
        name: template.name,
        description: template.description,
        project: flag.project,
        flagName: flag.name,
        environment: place.environment,
        createdByUserId: actor.userId,
        milestones: template.milestones.map((m) => {
          const milestoneId = newReleaseId();
          return {
            ...m,
            id: milestoneId,
            releasePlanDefinitionId: id,
            startedAt: null,
            strategies: m.strategies.map((s) => ({ ...s, id: newReleaseId(), milestoneId })),
          };
        }),
      });
      const plan = (await plans.get(id))!;
      await event('release-plan-added', flag, place.environment, actor, plan);
      return plan;
    },
    async startMilestone(place: PlanPlace, planId: string, milestoneId: string, actor: Actor) {
      const { flag, plan } = await find(place, planId);
      return start(flag, plan, milestoneId, actor);
    },
    /** Starts a milestone of a plan known by id (the scheduler and safeguards, which have no route's place). */
    async startInPlan(planId: string, milestoneId: string, actor: Actor) {
      const plan = await plans.get(planId);
      if (!plan) throw new NotFoundError(`Could not find release plan "${planId}"`);
      const { flag } = await requireFlagEnvironment(db, plan.project, plan.flagName, plan.environment);
      return start(flag, plan, milestoneId, actor);
    },
    /**
     * Sets when a milestone leads to another by itself: `intervalMinutes` after it starts. Unleash's
     * changeMilestoneProgression: the event is milestone-progression-created, or -updated when it had one.
     */
    async changeProgression(
      place: PlanPlace,
      sourceMilestoneId: string,
      progression: { targetMilestoneId: string; intervalMinutes: number },
      actor: Actor,
    ) {
      const { flag, plan, milestone } = await findByMilestone(place, sourceMilestoneId);
      const target = plan.milestones.find((m) => m.id === progression.targetMilestoneId);
      if (!target)
        throw new NotFoundError(
          `Could not find milestone "${progression.targetMilestoneId}" in release plan "${plan.id}"`,
        );
      if (target.id === milestone.id) throw new ConflictError('a milestone cannot lead to itself');
      await plans.setProgression(milestone.id, progression);
      const had = milestone.intervalMinutes !== null;
      const data = {
        sourceMilestone: milestone.id,
        targetMilestone: target.id,
        transitionCondition: { intervalMinutes: progression.intervalMinutes },
      };
      const before = had
        ? {
            sourceMilestone: milestone.id,
            targetMilestone: nextMilestone(plan, milestone)?.id ?? null,
            transitionCondition: { intervalMinutes: milestone.intervalMinutes },
          }
        : undefined;
      await event(
        had ? 'milestone-progression-updated' : 'milestone-progression-created',
        flag,
        plan.environment,
        actor,
        data,
        before,
      );
      return data;
    },
    /** Removes a milestone's transition: the next milestone then starts only by hand. */
    async deleteProgression(place: PlanPlace, sourceMilestoneId: string, actor: Actor): Promise<void> {
      const { flag, plan, milestone } = await findByMilestone(place, sourceMilestoneId);
      if (milestone.intervalMinutes === null)
        throw new NotFoundError(`Milestone "${milestone.id}" has no progression`);
      await plans.setProgression(milestone.id, null);
      await event('milestone-progression-deleted', flag, plan.environment, actor, null, {
        sourceMilestone: milestone.id,
        transitionCondition: { intervalMinutes: milestone.intervalMinutes },
      });
    },
    /** Stops the plan progressing by itself; `reason` says why when it is not a person's choice. */
    async pause(place: PlanPlace, planId: string, actor: Actor, reason: string | null = null) {
      const { flag, plan } = await find(place, planId);
      if (await plans.pause(plan.id, now(), reason))
        await event('release-plan-progressions-paused', flag, plan.environment, actor, {
          id: plan.id,
          reason,
        });
      return (await plans.get(plan.id))!;
    },
    /** Lets the plan progress by itself again; the active milestone's interval counts from now. */
    async resume(place: PlanPlace, planId: string, actor: Actor) {
      const { flag, plan } = await find(place, planId);
      if (await plans.resume(plan.id, now()))
        await event('release-plan-progressions-resumed', flag, plan.environment, actor, { id: plan.id });
      return (await plans.get(plan.id))!;
    },
    /** Removes the plan and the strategies its active milestone put on the flag environment. */
    async remove(place: PlanPlace, planId: string, actor: Actor): Promise<void> {
      const { flag, plan } = await find(place, planId);
      await clearStrategies(flag, plan, actor);
      await plans.delete(plan.id);
      await switchOffWhenNothingActive(db, flag, plan.environment, actor);
      await event('release-plan-removed', flag, plan.environment, actor, null, plan);
    },
  };
}

export type ReleasePlanService = ReturnType<typeof createReleasePlanService>;
