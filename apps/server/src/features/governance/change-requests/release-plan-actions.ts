import { createReleasePlanService, createReleasePlanStore, type PlanPlace } from '../../release/index.ts';
import type { ActionContext, ActionSpec, ChangeTarget } from './change-actions.ts';
import type { ReleasePlanAction } from './change-request.ts';
import { SAFEGUARD_ACTION_SPECS } from './safeguard-actions.ts';

/**
 * The release plan changes of a change request (decision record 0049): each applies through the release plan
 * service function its direct route calls, so starting a milestone through a request swaps the same strategies and
 * records the same events as starting it directly.
 */

const placeOf = ({ project, environment }: ActionContext, change: ChangeTarget): PlanPlace => ({
  project,
  flagName: change.flagName!,
  environment,
});
const service = (context: ActionContext) => createReleasePlanService(context.db);

type PlanPayload = { planId: string };
type MilestonePayload = PlanPayload & { milestoneId: string };
type ProgressionPayload = {
  sourceMilestone: string;
  targetMilestone: string;
  transitionCondition: { intervalMinutes: number };
};

/** The plan a change names, when it is still the flag environment's. */
async function planOf(context: ActionContext, change: ChangeTarget, planId: string) {
  const plan = await createReleasePlanStore(context.db).get(planId);
  return plan && plan.flagName === change.flagName && plan.environment === context.environment
    ? plan
    : undefined;
}

/** The plan of the milestone a progression change names. */
async function planOfMilestone(context: ActionContext, change: ChangeTarget) {
  const { sourceMilestone } = change.payload as { sourceMilestone: string };
  const planId = await createReleasePlanStore(context.db).planIdOfMilestone(sourceMilestone);
  return planId ? planOf(context, change, planId) : undefined;
}

/** What a plan change changes: which milestone was on, and whether the plan was paused. */
async function planSnapshot(context: ActionContext, change: ChangeTarget) {
  const plan = await planOf(context, change, (change.payload as PlanPayload).planId);
  return plan
    ? { id: plan.id, activeMilestoneId: plan.activeMilestoneId, paused: plan.pausedAt !== null }
    : null;
}

async function planGone(context: ActionContext, change: ChangeTarget): Promise<string | undefined> {
  const { planId } = change.payload as PlanPayload;
  return (await planOf(context, change, planId))
    ? undefined
    : `Release plan "${planId}" was removed after this change was made`;
}

async function milestoneGone(context: ActionContext, change: ChangeTarget): Promise<string | undefined> {
  const { sourceMilestone } = change.payload as { sourceMilestone: string };
  return (await planOfMilestone(context, change))
    ? undefined
    : `Milestone "${sourceMilestone}" was removed with its release plan after this change was made`;
}

const PERMISSIONS = {
  create: 'CREATE_FEATURE_STRATEGY',
  update: 'UPDATE_FEATURE_STRATEGY',
  delete: 'DELETE_FEATURE_STRATEGY',
} as const;

export const RELEASE_PLAN_ACTION_SPECS: Record<ReleasePlanAction, ActionSpec> = {
  addReleasePlan: {
    permission: PERMISSIONS.create,
    snapshot: async () => null,
    conflict: async () => undefined,
    async apply(context, change) {
      const { templateId } = change.payload as { templateId: string };
      await service(context).add(placeOf(context, change), templateId, context.actor);
    },
  },
  deleteReleasePlan: {
    permission: PERMISSIONS.delete,
    snapshot: planSnapshot,
    conflict: planGone,
    async apply(context, change) {
      const { planId } = change.payload as PlanPayload;
      await service(context).remove(placeOf(context, change), planId, context.actor);
    },
  },
  startMilestone: {
    permission: PERMISSIONS.update,
    snapshot: planSnapshot,
    async conflict(context, change) {
      const { planId, milestoneId } = change.payload as MilestonePayload;
      const plan = await planOf(context, change, planId);
      if (!plan) return `Release plan "${planId}" was removed after this change was made`;
      if (!plan.milestones.some((m) => m.id === milestoneId))
        return `Milestone "${milestoneId}" is not in release plan "${planId}"`;
      const then = change.snapshot as { activeMilestoneId: string | null } | null;
      if (then && then.activeMilestoneId !== plan.activeMilestoneId) {
        const now = plan.milestones.find((m) => m.id === plan.activeMilestoneId);
        return `Release plan "${plan.name}" moved to milestone "${now?.name ?? 'none'}" after this change was made`;
      }
      return undefined;
    },
    async apply(context, change) {
      const { planId, milestoneId } = change.payload as MilestonePayload;
      await service(context).startMilestone(placeOf(context, change), planId, milestoneId, context.actor);
    },
  },
  changeMilestoneProgression: {
    permission: PERMISSIONS.update,
    async snapshot(context, change) {
      const { sourceMilestone } = change.payload as ProgressionPayload;
      const milestone = (await planOfMilestone(context, change))?.milestones.find(
        (m) => m.id === sourceMilestone,
      );
      return milestone ? { intervalMinutes: milestone.intervalMinutes } : null;
    },
    conflict: milestoneGone,
    async apply(context, change) {
      const { sourceMilestone, targetMilestone, transitionCondition } = change.payload as ProgressionPayload;
      await service(context).changeProgression(
        placeOf(context, change),
        sourceMilestone,
        { targetMilestoneId: targetMilestone, intervalMinutes: transitionCondition.intervalMinutes },
        context.actor,
      );
    },
  },
  deleteMilestoneProgression: {
    permission: PERMISSIONS.update,
    snapshot: async () => null,
    conflict: milestoneGone,
    async apply(context, change) {
      const { sourceMilestone } = change.payload as { sourceMilestone: string };
      await service(context).deleteProgression(placeOf(context, change), sourceMilestone, context.actor);
    },
  },
  pauseMilestoneProgression: {
    permission: PERMISSIONS.update,
    snapshot: planSnapshot,
    conflict: planGone,
    async apply(context, change) {
      const { planId } = change.payload as PlanPayload;
      await service(context).pause(placeOf(context, change), planId, context.actor);
    },
  },
  resumeMilestoneProgression: {
    permission: PERMISSIONS.update,
    snapshot: planSnapshot,
    conflict: planGone,
    async apply(context, change) {
      const { planId } = change.payload as PlanPayload;
      await service(context).resume(placeOf(context, change), planId, context.actor);
    },
  },
  ...SAFEGUARD_ACTION_SPECS,
};
