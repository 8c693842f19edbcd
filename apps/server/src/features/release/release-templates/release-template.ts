/** One strategy a milestone puts on the flag environment while it is the active milestone. */
export type MilestoneStrategy = {
  id: string;
  milestoneId: string;
  sortOrder: number;
  title: string | null;
  /** The strategy type, e.g. flexibleRollout. */
  strategyName: string;
  parameters: Record<string, string>;
  constraints: unknown[];
  variants: unknown[];
  segments: number[];
};

/** A step of a release: its strategies replace the previous step's when it starts. */
export type Milestone = {
  id: string;
  name: string;
  sortOrder: number;
  /** The template (or, later, the plan) the milestone belongs to. */
  releasePlanDefinitionId: string;
  /** Minutes after this milestone starts that the next one starts by itself; null: only by hand. */
  intervalMinutes: number | null;
  strategies: MilestoneStrategy[];
};

/** A reusable release: ordered milestones that a flag environment can follow. */
export type ReleaseTemplate = {
  id: string;
  name: string;
  description: string | null;
  createdByUserId: number | null;
  createdAt: Date;
  archivedAt: Date | null;
  milestones: Milestone[];
};

export type MilestoneStrategyInput = {
  sortOrder: number;
  strategyName: string;
  title?: string | null;
  parameters?: Record<string, string | number | boolean>;
  constraints?: unknown[];
  variants?: unknown[];
  segments?: number[];
};

export type MilestoneInput = {
  name: string;
  sortOrder: number;
  intervalMinutes?: number | null;
  strategies?: MilestoneStrategyInput[];
};

export type ReleaseTemplateInput = {
  name: string;
  description?: string | null;
  milestones?: MilestoneInput[];
};

/** Parameters are stored as strings, as strategies' are. */
export const parameterStrings = (parameters: MilestoneStrategyInput['parameters'] = {}) =>
  Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, String(value)]));

/** What is wrong with a template's milestones as a whole; empty when they are fine. */
export function milestoneProblems(milestones: MilestoneInput[]): { message: string; index: number }[] {
  const names = new Set<string>();
  for (const [index, milestone] of milestones.entries()) {
    if (names.has(milestone.name))
      return [{ message: `two milestones are named "${milestone.name}"`, index }];
    names.add(milestone.name);
  }
  return [];
}
