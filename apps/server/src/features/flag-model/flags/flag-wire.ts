/** Maps domain objects to the Unleash wire shapes declared in the *-schemas.ts files. */
import type {
  Flag,
  FlagDetails,
  FlagEnvironment,
  FlagListItem,
  LifecycleStage,
  Strategy,
  Variant,
} from './flag.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toStrategyResponse(strategy: Strategy) {
  return {
    id: strategy.id,
    name: strategy.name,
    title: strategy.title,
    disabled: strategy.disabled,
    featureName: strategy.flagName,
    sortOrder: strategy.sortOrder,
    segments: strategy.segments,
    constraints: strategy.constraints,
    variants: strategy.variants,
    parameters: strategy.parameters,
  };
}

export const toVariantsResponse = (variants: Variant[]) => ({ version: 1, variants });

function flagFields(flag: Flag) {
  return {
    name: flag.name,
    type: flag.type,
    description: flag.description,
    project: flag.project,
    stale: flag.stale,
    impressionData: flag.impressionData,
    archived: flag.archivedAt !== null,
    createdAt: flag.createdAt.toISOString(),
    lastSeenAt: iso(flag.lastSeenAt),
  };
}

export function toFeatureResponse(flag: FlagDetails) {
  const environments = flag.environments.map((environment) => ({
    name: environment.name,
    featureName: flag.name,
    environment: environment.name,
    type: environment.type,
    enabled: environment.enabled,
    sortOrder: environment.sortOrder,
    variantCount: environment.variants.length,
    strategies: environment.strategies.map(toStrategyResponse),
    variants: environment.variants,
    lastSeenAt: iso(environment.lastSeenAt),
    hasStrategies: environment.strategies.length > 0,
    hasEnabledStrategies: environment.strategies.some((strategy) => !strategy.disabled),
  }));
  return {
    ...flagFields(flag),
    archivedAt: iso(flag.archivedAt),
    favorite: flag.favorite,
    ...(flag.createdBy ? { createdBy: { ...flag.createdBy, imageUrl: '' } } : {}),
    environments,
    variants: flag.environments.find((environment) => environment.variants.length > 0)?.variants ?? [],
    dependencies: flag.dependencies,
    children: flag.children,
    tags: flag.tags,
    links: flag.links,
    lifecycle: { stage: flag.lifecycle.stage, enteredStageAt: flag.lifecycle.enteredStageAt.toISOString() },
    collaborators: { users: flag.collaborators.map((user) => ({ ...user, imageUrl: '' })) },
  };
}

export function toFeatureListItemResponse(flag: FlagListItem) {
  return {
    ...flagFields(flag),
    favorite: flag.favorite,
    dependencyType: flag.dependencyType,
    tags: flag.tags,
    environments: flag.environments.map((environment) => ({
      name: environment.name,
      type: environment.type,
      sortOrder: environment.sortOrder,
      enabled: environment.enabled,
      variantCount: environment.variantCount,
      lastSeenAt: iso(environment.lastSeenAt),
      hasStrategies: environment.hasStrategies,
      hasEnabledStrategies: environment.hasEnabledStrategies,
    })),
  };
}

export function toFeatureEnvironmentResponse(
  flag: Flag,
  environment: FlagEnvironment,
  strategies: Strategy[],
) {
  return {
    name: flag.name,
    environment: environment.name,
    type: environment.type,
    enabled: environment.enabled,
    sortOrder: environment.sortOrder,
    strategies: strategies.map(toStrategyResponse),
    variants: environment.variants,
    lastSeenAt: iso(environment.lastSeenAt),
  };
}

export function toLifecycleResponse(stage: LifecycleStage) {
  return {
    stage: stage.stage,
    enteredStageAt: stage.enteredStageAt.toISOString(),
    ...(stage.status ? { status: stage.status, statusValue: stage.statusValue ?? null } : {}),
  };
}
