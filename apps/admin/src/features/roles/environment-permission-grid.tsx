import { Checkbox, Table, Text } from '@mantine/core';
import { coverage, keyOf, setAll, toggle, type Selection } from './role-permissions.ts';

type Permission = { name: string; displayName: string };

/**
 * Environment permissions × environments: a role may, say, turn flags on and off in development only. Each row and
 * each column has a checkbox that ticks it whole.
 */
export function EnvironmentPermissionGrid({
  permissions,
  environments,
  selection,
  onChange,
}: {
  permissions: readonly Permission[];
  environments: readonly string[];
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  if (environments.length === 0 || permissions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        There are no environments to grant permissions in yet.
      </Text>
    );
  const rowKeys = (name: string) => environments.map((environment) => keyOf(name, environment));
  const columnKeys = (environment: string) => permissions.map((p) => keyOf(p.name, environment));
  const selectAll = (keys: string[], label: string) => {
    const state = coverage(selection, keys);
    return (
      <Checkbox
        aria-label={label}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={() => onChange(setAll(selection, keys, state !== 'all'))}
      />
    );
  };
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table withTableBorder verticalSpacing={6} aria-label="Environment permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Permission</Table.Th>
            <Table.Th>All</Table.Th>
            {environments.map((environment) => (
              <Table.Th key={environment}>
                <Text size="sm" fw={600}>
                  {environment}
                </Text>
                {selectAll(columnKeys(environment), `Every permission in ${environment}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {permissions.map((permission) => (
            <Table.Tr key={permission.name}>
              <Table.Th scope="row" fw={400}>
                <Text size="sm">{permission.displayName}</Text>
                <Text size="xs" c="dimmed">
                  {permission.name}
                </Text>
              </Table.Th>
              <Table.Td>
                {selectAll(rowKeys(permission.name), `${permission.displayName} in every environment`)}
              </Table.Td>
              {environments.map((environment) => {
                const key = keyOf(permission.name, environment);
                return (
                  <Table.Td key={environment}>
                    <Checkbox
                      aria-label={`${permission.displayName} in ${environment}`}
                      checked={selection.has(key)}
                      onChange={() => onChange(toggle(selection, key))}
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
