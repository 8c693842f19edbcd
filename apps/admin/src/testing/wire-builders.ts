import type {
  ContextField,
  FlagSearchItem,
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
    project: 'default',
    segments: [],
    stale: false,
    tags: [],
    type: 'release',
    ...fields,
    environments: (fields.environments ?? []).map(buildSearchEnvironment),
  };
}
