import type { ContextField, StrategyDefinition, StrategyParameterDefinition } from '../api/wire.ts';

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
