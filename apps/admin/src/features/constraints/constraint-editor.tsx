import { Button, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import type { Operator } from '@switchyard/rules';
import type { Constraint } from '../../api/wire.ts';
import type { ContextField } from '../../api/wire.ts';
import { describeConstraint } from '../strategies/strategy-summary.ts';
import { changeOperator } from './constraint-model.ts';
import { constraintProblems } from './constraint-validation.ts';
import { ConstraintValueInput } from './constraint-value-input.tsx';
import { OPERATORS, operatorInfo } from './operators.ts';

const OPERATOR_DATA = ['Strings', 'Numbers', 'Dates', 'Versions', 'Network'].map((group) => ({
  group,
  items: OPERATORS.filter((o) => o.group === group).map((o) => ({
    value: o.operator,
    label: `${o.label} (${o.operator})`,
  })),
}));

/** One constraint: context field, operator, typed value, and the case-insensitive and invert switches. */
export function ConstraintEditor({
  constraint,
  index,
  contextFields,
  showProblems,
  serverError,
  onChange,
  onRemove,
}: {
  constraint: Constraint;
  index: number;
  contextFields: ContextField[];
  showProblems: boolean;
  serverError?: string;
  onChange: (constraint: Constraint) => void;
  onRemove: () => void;
}) {
  const info = operatorInfo(constraint.operator);
  const problems = showProblems ? constraintProblems(constraint) : {};
  const field = contextFields.find((f) => f.name === constraint.contextName);
  const names = [...new Set([...contextFields.map((f) => f.name), constraint.contextName].filter(Boolean))];
  const n = index + 1;
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Constraint ${n}`}>
      <Stack gap="xs">
        <Group align="flex-start" grow>
          <Select
            label={`Context field ${n}`}
            data={names}
            value={constraint.contextName || null}
            searchable
            error={problems.contextName}
            onChange={(contextName) => onChange({ ...constraint, contextName: contextName ?? '' })}
          />
          <Select
            label={`Operator ${n}`}
            data={OPERATOR_DATA}
            value={constraint.operator}
            allowDeselect={false}
            onChange={(operator) => operator && onChange(changeOperator(constraint, operator as Operator))}
          />
        </Group>
        <ConstraintValueInput
          label={`Value ${n}`}
          constraint={constraint}
          legalValues={(field?.legalValues ?? []).map((v) => v.value)}
          error={problems.value ?? serverError}
          onChange={onChange}
        />
        <Group justify="space-between">
          <Group gap="lg">
            {info.caseInsensitive && (
              <Switch
                label="Case-insensitive"
                checked={Boolean(constraint.caseInsensitive)}
                onChange={(e) => onChange({ ...constraint, caseInsensitive: e.currentTarget.checked })}
              />
            )}
            {info.invertible && (
              <Switch
                label="Invert (NOT)"
                checked={Boolean(constraint.inverted)}
                onChange={(e) => onChange({ ...constraint, inverted: e.currentTarget.checked })}
              />
            )}
          </Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={`Remove constraint ${n}`}
          >
            Remove
          </Button>
        </Group>
        {constraint.contextName && (
          <Text size="xs" c="dimmed">
            Matches when {describeConstraint(constraint)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
