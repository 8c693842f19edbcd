import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { coverage, keyOf, setAll, toggle, type Selection } from './role-permissions.ts';

type Permission = { name: string; displayName: string };

/**
 * One titled group of permission checkboxes, each with its description from the catalogue, and a checkbox that
 * ticks the whole group.
 */
export function PermissionChecklist({
  title,
  permissions,
  selection,
  onChange,
}: {
  title: string;
  permissions: readonly Permission[];
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const keys = permissions.map((p) => keyOf(p.name));
  const state = coverage(selection, keys);
  return (
    <Fieldset legend={title} variant="unstyled">
      <Stack gap={6}>
        <Checkbox
          size="xs"
          label={<Text size="xs" c="dimmed">{`All ${title.toLowerCase()} permissions`}</Text>}
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={() => onChange(setAll(selection, keys, state !== 'all'))}
        />
        {permissions.map((permission) => (
          <Checkbox
            key={permission.name}
            label={permission.displayName}
            description={permission.name}
            checked={selection.has(keyOf(permission.name))}
            onChange={() => onChange(toggle(selection, keyOf(permission.name)))}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}
