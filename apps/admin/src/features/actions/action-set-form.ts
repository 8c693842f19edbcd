import type { ActionSet, ActionSetBody } from './use-action-sets.ts';

export type ActionName = ActionSetBody['actions'][number]['action'];

export const ACTION_LABELS: Record<ActionName, string> = {
  TOGGLE_FEATURE_ON: 'Turn a flag on',
  TOGGLE_FEATURE_OFF: 'Turn a flag off',
  TOGGLE_FEATURES_ON_BY_TAG: 'Turn the flags with a tag on',
  TOGGLE_FEATURES_OFF_BY_TAG: 'Turn the flags with a tag off',
};

/** The flag or tag an action works on: by-tag actions take a tag (`type:value`), the others a flag name. */
export const targetOf = (action: ActionName) => (action.includes('BY_TAG') ? 'tag' : 'featureName');

export type FilterRow = {
  field: string;
  operator: string;
  values: string;
  inverted: boolean;
  caseInsensitive: boolean;
};
export type ActionRow = { action: ActionName; environment: string; target: string };
export type ActionSetForm = {
  name: string;
  description: string;
  enabled: boolean;
  actorId: string;
  sourceId: string;
  filters: FilterRow[];
  actions: ActionRow[];
};

export const emptyAction = (environment = ''): ActionRow => ({
  action: 'TOGGLE_FEATURE_OFF',
  environment,
  target: '',
});

export function formOf(set: ActionSet | undefined, environment: string): ActionSetForm {
  return {
    name: set?.name ?? '',
    description: set?.description ?? '',
    enabled: set?.enabled ?? true,
    actorId: set ? String(set.actorId) : '',
    sourceId: set ? String(set.match.sourceId) : '',
    filters: Object.entries(set?.match.payload ?? {}).map(([field, filter]) => ({
      field,
      operator: filter.operator,
      values: (filter.values ?? (filter.value !== undefined ? [filter.value] : [])).join(', '),
      inverted: filter.inverted ?? false,
      caseInsensitive: filter.caseInsensitive ?? false,
    })),
    actions: set?.actions.map((action) => ({
      action: action.action,
      environment: action.executionParams.environment ?? '',
      target: action.executionParams[targetOf(action.action)] ?? '',
    })) ?? [emptyAction(environment)],
  };
}

/** The wire body of a form; the server checks the rules (service account, operators, environments). */
export function bodyOf(form: ActionSetForm, projectId: string): ActionSetBody {
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    enabled: form.enabled,
    actorId: Number(form.actorId),
    match: {
      source: 'signal-endpoint',
      sourceId: Number(form.sourceId),
      payload: Object.fromEntries(
        form.filters
          .filter((row) => row.field.trim())
          .map((row) => [
            row.field.trim(),
            {
              operator: row.operator,
              values: row.values
                .split(',')
                .map((v) => v.trim())
                .filter(Boolean),
              inverted: row.inverted,
              caseInsensitive: row.caseInsensitive,
            },
          ]),
      ),
    },
    actions: form.actions.map((row, index) => ({
      action: row.action,
      sortOrder: index + 1,
      executionParams: {
        project: projectId,
        environment: row.environment,
        [targetOf(row.action)]: row.target.trim(),
      },
    })),
  };
}
