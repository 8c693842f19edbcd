import { Button, Stack, Text } from '@mantine/core';
import type { Constraint } from '../../api/wire.ts';
import type { ContextField } from '../../api/wire.ts';
import { newConstraint } from './constraint-model.ts';
import { ConstraintEditor } from './constraint-editor.tsx';

/** All constraints of a strategy or segment; every one must hold. */
export function ConstraintListEditor({
  constraints,
  contextFields,
  showProblems,
  serverErrors = {},
  onChange,
}: {
  constraints: Constraint[];
  contextFields: ContextField[];
  showProblems: boolean;
  /** Server errors keyed by index, from paths such as /body/constraints/1/value. */
  serverErrors?: Record<number, string>;
  onChange: (constraints: Constraint[]) => void;
}) {
  return (
    <Stack gap="xs">
      {constraints.length === 0 && (
        <Text size="sm" c="dimmed">
          No constraints: applies to every context.
        </Text>
      )}
      {constraints.map((constraint, index) => (
        <ConstraintEditor
          key={index}
          index={index}
          constraint={constraint}
          contextFields={contextFields}
          showProblems={showProblems}
          serverError={serverErrors[index]}
          onChange={(next) => onChange(constraints.map((c, i) => (i === index ? next : c)))}
          onRemove={() => onChange(constraints.filter((_, i) => i !== index))}
        />
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        onClick={() => onChange([...constraints, newConstraint()])}
      >
        Add constraint
      </Button>
    </Stack>
  );
}
