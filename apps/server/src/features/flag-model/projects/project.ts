import type { FlagNaming, LinkTemplate } from '@switchyard/rules';

/** A project groups flags, the environments they are configured in, and the tokens that read them. */
export type ProjectMode = 'open' | 'protected' | 'private';
export const PROJECT_MODES: ProjectMode[] = ['open', 'protected', 'private'];

/** The project every installation has; it cannot be deleted. */
export const DEFAULT_PROJECT = 'default';

export type Project = {
  id: string;
  name: string;
  description: string | null;
  /** Collaboration mode: a private project exists only for its members and Admins (decision record 0006). */
  mode: ProjectMode;
  defaultStickiness: string;
  featureLimit: number | null;
  /** The rule new flags' names must keep; null when any valid name will do. */
  featureNaming: FlagNaming | null;
  /** The links every new flag of the project gets. */
  linkTemplates: LinkTemplate[];
  /** When the project was archived: it then takes no new flags until revived. */
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Counts of a project's flags that are not archived. */
export type FlagCounts = {
  total: number;
  stale: number;
  potentiallyStale: number;
};

/** Who holds the Owner role in a project: a user directly, or a group. */
export type ProjectOwner =
  { kind: 'user'; name: string; email: string | null } | { kind: 'group'; name: string };

export type ProjectSummary = Project & {
  flags: FlagCounts;
  /** Distinct users (not deleted) holding any project role, directly or through a group. */
  memberCount: number;
  /** Users first, then groups, each in the order they were given the role; empty when nobody holds it. */
  owners: ProjectOwner[];
  favorite: boolean;
  lastUpdatedAt: Date | null;
};

/**
 * Health is the share of flags that are neither stale nor potentially stale (outlived their type's expected
 * lifetime), as a whole percentage; a project without flags is healthy.
 */
export function healthOf(counts: FlagCounts): number {
  if (counts.total === 0) return 100;
  const active = counts.total - counts.stale - counts.potentiallyStale;
  return Math.round((active * 100) / counts.total);
}

/** Stickiness values every project may default to; context fields marked for stickiness are allowed too. */
export const BUILT_IN_STICKINESS = ['default', 'userId', 'sessionId', 'random'];
