import type { MilestoneStrategy } from '../release-templates/release-template.ts';

/** A milestone of a plan: a template milestone's copy, with when it started on the flag environment. */
export type PlanMilestone = {
  id: string;
  name: string;
  sortOrder: number;
  releasePlanDefinitionId: string;
  /** Minutes after this milestone starts that `targetMilestoneId` starts by itself; null: only by hand. */
  intervalMinutes: number | null;
  /** The milestone the transition leads to; null: the next one in order. */
  targetMilestoneId: string | null;
  startedAt: Date | null;
  /** When the plan moved on from this milestone after it last started (by itself); null: not yet. */
  progressionExecutedAt: Date | null;
  strategies: MilestoneStrategy[];
};

/** A template's milestones copied onto one flag environment, which follows them one at a time. */
export type ReleasePlan = {
  id: string;
  templateId: string;
  name: string;
  description: string | null;
  project: string;
  flagName: string;
  environment: string;
  activeMilestoneId: string | null;
  createdByUserId: number | null;
  createdAt: Date;
  /** While set, nothing progresses by itself. */
  pausedAt: Date | null;
  /** Why it was paused, for a person to read ("paused at 25% because ..."); null when paused by hand or not paused. */
  pausedReason: string | null;
  /** The active milestone's interval counts from here after a resume. */
  resumedAt: Date | null;
  milestones: PlanMilestone[];
};

/** The milestone a milestone's transition leads to: its target, else the next one in order; undefined: none. */
export function nextMilestone(plan: ReleasePlan, from: PlanMilestone): PlanMilestone | undefined {
  if (from.targetMilestoneId) return plan.milestones.find((m) => m.id === from.targetMilestoneId);
  return plan.milestones.find((m) => m.sortOrder > from.sortOrder);
}

/** The milestone before the active one in order (where "go back" goes); undefined: none. */
export function previousMilestone(plan: ReleasePlan): PlanMilestone | undefined {
  const active = plan.milestones.find((m) => m.id === plan.activeMilestoneId);
  if (!active) return undefined;
  return plan.milestones.filter((m) => m.sortOrder < active.sortOrder).at(-1);
}

/** When the active milestone's transition is due, if it has one, it has not run, and the plan is not paused. */
export function progressionDueAt(plan: ReleasePlan): Date | null {
  const active = plan.milestones.find((m) => m.id === plan.activeMilestoneId);
  if (!active || plan.pausedAt || active.intervalMinutes === null || !active.startedAt) return null;
  if (active.progressionExecutedAt || !nextMilestone(plan, active)) return null;
  const from = Math.max(active.startedAt.getTime(), plan.resumedAt?.getTime() ?? 0);
  return new Date(from + active.intervalMinutes * 60_000);
}

/** How a milestone reads in an explanation: its name, with its rollout percentage when it has one. */
export function milestoneLabel(milestone: PlanMilestone): string {
  const rollouts = milestone.strategies
    .map((s) => s.parameters.rollout)
    .filter((r): r is string => r !== undefined);
  return rollouts.length === 1 ? `${rollouts[0]}%` : `milestone "${milestone.name}"`;
}

/**
 * A plan as a change request's result shows it (decision record 0049): which milestone is on, whether it is paused,
 * and which milestone leads to which by itself, by name (ids differ each time a plan is added, so a result that adds
 * one must read the same in every try).
 */
export type ReleasePlanState = {
  name: string;
  activeMilestone: string | null;
  paused: boolean;
  progressions: { from: string; to: string; intervalMinutes: number }[];
};

export function releasePlanState(plan: ReleasePlan): ReleasePlanState {
  const nameOf = (id: string | null) => plan.milestones.find((m) => m.id === id)?.name ?? null;
  return {
    name: plan.name,
    activeMilestone: nameOf(plan.activeMilestoneId),
    paused: plan.pausedAt !== null,
    progressions: plan.milestones.flatMap((m) => {
      const to = nextMilestone(plan, m);
      return m.intervalMinutes !== null && to
        ? [{ from: m.name, to: to.name, intervalMinutes: m.intervalMinutes }]
        : [];
    }),
  };
}
