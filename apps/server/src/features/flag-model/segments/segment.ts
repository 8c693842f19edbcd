import type { ConstraintInput } from '../flags/constraint.ts';
import type { Constraint } from '../flags/flag.ts';

/** A named, reusable list of constraints that strategies can share. */
export type Segment = {
  id: number;
  name: string;
  description: string | null;
  /** The one project whose flags may use the segment, or null for every project. */
  project: string | null;
  constraints: Constraint[];
  createdBy: string | null;
  createdAt: Date;
  usedInFlags: number;
  usedInProjects: number;
};

export type SegmentInput = {
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: ConstraintInput[];
};

/** Unleash's limit: SDKs receive every value of every segment, so it stays small (per strategy: @switchyard/rules). */
export const SEGMENT_VALUES_LIMIT = 1000;
