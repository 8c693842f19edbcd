import type { FlagSummary } from './project-read-model.ts';
import { healthOf, type ProjectOwner, type ProjectSummary } from './project.ts';

/** Unleash's owner shapes; the "system" owner stands for a project nobody owns. */
type OwnerResponse =
  | { ownerType: 'user'; name: string; email?: string }
  | { ownerType: 'group'; name: string }
  | { ownerType: 'system' };

export function toOwnersResponse(owners: ProjectOwner[]): OwnerResponse[] {
  if (owners.length === 0) return [{ ownerType: 'system' }];
  return owners.map((owner): OwnerResponse =>
    owner.kind === 'group'
      ? { ownerType: 'group' as const, name: owner.name }
      : { ownerType: 'user' as const, name: owner.name, ...(owner.email ? { email: owner.email } : {}) },
  );
}

export function toProjectResponse(project: ProjectSummary) {
  const health = healthOf(project.flags);
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    health,
    technicalDebt: 100 - health,
    featureCount: project.flags.total,
    staleFeatureCount: project.flags.stale,
    potentiallyStaleFeatureCount: project.flags.potentiallyStale,
    memberCount: project.memberCount,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    lastUpdatedAt: project.lastUpdatedAt?.toISOString() ?? null,
    archivedAt: project.archivedAt?.toISOString() ?? null,
    favorite: project.favorite,
    mode: project.mode,
    defaultStickiness: project.defaultStickiness,
    featureLimit: project.featureLimit,
    owners: toOwnersResponse(project.owners),
  };
}

export function toFlagSummaryResponse(flag: FlagSummary) {
  return {
    name: flag.name,
    type: flag.type,
    description: flag.description,
    project: flag.project,
    stale: flag.stale,
    impressionData: flag.impressionData,
    createdAt: flag.createdAt.toISOString(),
    lastSeenAt: flag.lastSeenAt?.toISOString() ?? null,
    environments: flag.environments,
  };
}

export function toLinkResponse(link: {
  environment: string;
  defaultStrategy: Record<string, unknown> | null;
}) {
  return link.defaultStrategy
    ? { environment: link.environment, defaultStrategy: link.defaultStrategy }
    : { environment: link.environment };
}
