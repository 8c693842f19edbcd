import type { MilestoneStrategy } from '../release-templates/release-template.ts';

/** A milestone of a plan: a template milestone's copy, with when it started on the flag environment. */
export type PlanMilestone = {
  id: string;
  name: string;
  sortOrder: number;
  releasePlanDefinitionId: string;
  intervalMinutes: number | null;
  startedAt: Date | null;
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
  milestones: PlanMilestone[];
};
