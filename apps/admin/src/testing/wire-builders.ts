import type {
  Constraint,
  ContextField,
  FlagEnvironment,
  FlagSearchItem,
  Segment,
  Strategy,
  StrategyDefinition,
  StrategyParameterDefinition,
} from '../api/wire.ts';

/** Complete wire shapes for tests: each builder fills what the server always sends, a test names what matters. */
export function buildContextField(fields: Partial<ContextField> & Pick<ContextField, 'name'>): ContextField {
  return {
    createdAt: null,
    description: null,
    legalValues: [],
    project: null,
    sortOrder: 0,
    stickiness: false,
    usedInFeatures: null,
    usedInProjects: null,
    ...fields,
  };
}

export function buildParameter(
  fields: Partial<StrategyParameterDefinition> & Pick<StrategyParameterDefinition, 'name' | 'type'>,
): StrategyParameterDefinition {
  return { description: '', required: false, ...fields };
}

export function buildStrategyDefinition(
  fields: Partial<StrategyDefinition> & Pick<StrategyDefinition, 'name'>,
): StrategyDefinition {
  return {
    title: null,
    displayName: null,
    description: null,
    editable: true,
    deprecated: false,
    parameters: [],
    ...fields,
  };
}

type SearchEnvironment = FlagSearchItem['environments'][number];

export function buildSearchEnvironment(
  fields: Partial<SearchEnvironment> & Pick<SearchEnvironment, 'name' | 'enabled'>,
): SearchEnvironment {
  return {
    changeRequestIds: [],
    hasEnabledStrategies: fields.enabled,
    hasStrategies: fields.enabled,
    lastSeenAt: null,
    no: 0,
    yes: 0,
    sortOrder: 0,
    type: 'production',
    variantCount: 0,
    ...fields,
  };
}

/** A row of the flag search answer; environments are given as builders' input. */
export function buildFlagSearchItem(
  fields: Partial<Omit<FlagSearchItem, 'environments'>> &
    Pick<FlagSearchItem, 'name'> & { environments?: Parameters<typeof buildSearchEnvironment>[0][] },
): FlagSearchItem {
  return {
    archivedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: { id: 1, imageUrl: '', name: 'admin' },
    dependencyType: null,
    description: null,
    favorite: false,
    impressionData: false,
    lastSeenAt: null,
    lifecycle: { stage: 'initial', enteredStageAt: '2026-01-01T00:00:00.000Z' },
    project: 'default',
    segments: [],
    stale: false,
    tags: [],
    type: 'release',
    ...fields,
    environments: (fields.environments ?? []).map(buildSearchEnvironment),
  };
}

export function buildConstraint(
  fields: Partial<Constraint> & Pick<Constraint, 'contextName' | 'operator'>,
): Constraint {
  return { values: [], caseInsensitive: false, inverted: false, ...fields };
}

/** A saved strategy as the server answers it; constraints are given as builders' input. */
export function buildStrategy(
  fields: Partial<Omit<Strategy, 'constraints'>> &
    Pick<Strategy, 'name'> & { constraints?: Parameters<typeof buildConstraint>[0][] },
): Strategy {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    featureName: 'checkout',
    title: null,
    disabled: false,
    sortOrder: 0,
    parameters: {},
    segments: [],
    variants: [],
    ...fields,
    constraints: (fields.constraints ?? []).map(buildConstraint),
  };
}

export function buildSegment(
  fields: Partial<Omit<Segment, 'constraints'>> &
    Pick<Segment, 'id' | 'name'> & { constraints?: Parameters<typeof buildConstraint>[0][] },
): Segment {
  return {
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    description: null,
    project: null,
    usedInFeatures: null,
    usedInProjects: null,
    ...fields,
    constraints: (fields.constraints ?? []).map(buildConstraint),
  };
}

/** One environment of a flag as the server answers it. */
export function buildFlagEnvironment(
  fields: Partial<FlagEnvironment> & Pick<FlagEnvironment, 'name' | 'enabled'>,
): FlagEnvironment {
  return {
    environment: fields.name,
    featureName: 'checkout',
    hasEnabledStrategies: fields.enabled && (fields.strategies ?? []).length > 0,
    hasStrategies: (fields.strategies ?? []).length > 0,
    lastSeenAt: null,
    sortOrder: 0,
    strategies: [],
    type: 'development',
    variantCount: 0,
    variants: [],
    ...fields,
  };
}
