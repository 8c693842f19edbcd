import { type Constraint, constraintsHold } from '@switchyard/evaluation';

/** A condition on one field of a signal's payload, with a constraint's operators (`IN`, `STR_CONTAINS`, …). */
export type PayloadFilter = {
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};

export type ActionName =
  'TOGGLE_FEATURE_ON' | 'TOGGLE_FEATURE_OFF' | 'TOGGLE_FEATURES_ON_BY_TAG' | 'TOGGLE_FEATURES_OFF_BY_TAG';

/** One step of an action set: what to do, in which order, with which parameters. */
export type Action = {
  id: number;
  action: ActionName;
  sortOrder: number;
  executionParams: Record<string, string>;
  createdAt: Date;
  createdByUserId: number | null;
};

/** A project's rule: when a signal from `sourceId` matches every payload filter, run the actions as `actorId`. */
export type ActionSet = {
  id: number;
  project: string;
  name: string;
  description: string | null;
  enabled: boolean;
  actorId: number;
  sourceId: number;
  payloadFilters: Record<string, PayloadFilter>;
  actions: Action[];
  createdAt: Date;
  createdByUserId: number | null;
};

export type ActionSetFields = Pick<
  ActionSet,
  'name' | 'description' | 'enabled' | 'actorId' | 'sourceId' | 'payloadFilters'
> & { actions: Pick<Action, 'action' | 'sortOrder' | 'executionParams'>[] };

type ActionDefinition = {
  label: string;
  description: string;
  category: string;
  /** What the action set's service account must hold in the project and environment. */
  permissions: ['UPDATE_FEATURE_ENVIRONMENT'];
  enabled: boolean;
  /** `featureName` for one flag, `tag` (`type:value`) for every flag of the project with that tag. */
  target: 'featureName' | 'tag';
};

const definition = (enabled: boolean, target: 'featureName' | 'tag'): ActionDefinition => ({
  label:
    target === 'featureName'
      ? `Turn a flag ${enabled ? 'on' : 'off'}`
      : `Turn the flags with a tag ${enabled ? 'on' : 'off'}`,
  description:
    target === 'featureName'
      ? `Turns one flag ${enabled ? 'on' : 'off'} in an environment.`
      : `Turns every flag of the project that has the tag ${enabled ? 'on' : 'off'} in an environment.`,
  category: 'Feature flags',
  permissions: ['UPDATE_FEATURE_ENVIRONMENT'],
  enabled,
  target,
});

/** Every action an action set can run. Names are Unleash's. */
export const ACTION_DEFINITIONS: Record<ActionName, ActionDefinition> = {
  TOGGLE_FEATURE_ON: definition(true, 'featureName'),
  TOGGLE_FEATURE_OFF: definition(false, 'featureName'),
  TOGGLE_FEATURES_ON_BY_TAG: definition(true, 'tag'),
  TOGGLE_FEATURES_OFF_BY_TAG: definition(false, 'tag'),
};

export const isActionName = (name: string): name is ActionName => Object.hasOwn(ACTION_DEFINITIONS, name);

/** The payload as constraints see it: nested objects become dotted names (`labels.service`), values text. */
export function payloadContext(payload: Record<string, unknown> | null): Record<string, string> {
  const flat: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else if (path) {
      flat[path] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  };
  walk(payload, '');
  return flat;
}

/** True when the payload meets every filter; no filters match every signal. Operators are the evaluation engine's. */
export function payloadMatches(
  filters: Record<string, PayloadFilter>,
  payload: Record<string, unknown> | null,
): boolean {
  const constraints: Constraint[] = Object.entries(filters).map(([field, filter]) => ({
    contextName: field,
    ...filter,
  }));
  return constraintsHold(constraints, { properties: payloadContext(payload) });
}
