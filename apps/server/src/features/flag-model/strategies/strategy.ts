import type { ParameterType } from '@switchyard/rules';

export type { ParameterType };

export type StrategyParameter = {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
};

/** A strategy definition: a built-in rule SDKs know, or a custom one an application implements. */
export type StrategyDefinition = {
  name: string;
  title: string | null;
  description: string | null;
  parameters: StrategyParameter[];
  /** Built-in definitions cannot be edited or deleted. */
  builtIn: boolean;
  /** Deprecated definitions stay valid on flags but are hidden from the choices for new strategies. */
  deprecated: boolean;
  sortOrder: number;
};

export type StrategyDefinitionInput = {
  name: string;
  title?: string | null;
  description?: string | null;
  parameters: { name: string; type: ParameterType; description?: string; required?: boolean }[];
};

/** Names must be usable in URLs unescaped, as in Unleash. */
export const STRATEGY_NAME_PATTERN = '^[A-Za-z0-9._~-]+$';

/** Every flag needs a way to be on for everyone, so this one can never be deprecated. */
export const UNDEPRECATABLE_STRATEGY = 'default';

export function toParameters(input: StrategyDefinitionInput['parameters']): StrategyParameter[] {
  return input.map((parameter) => ({
    name: parameter.name,
    type: parameter.type,
    description: parameter.description ?? '',
    required: parameter.required ?? false,
  }));
}

/** Parameter names that appear more than once. */
export function duplicateParameters(parameters: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { name } of parameters) {
    if (seen.has(name)) duplicates.add(name);
    seen.add(name);
  }
  return [...duplicates];
}
