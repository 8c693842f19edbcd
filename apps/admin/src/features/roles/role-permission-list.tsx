import { List, Text } from '@mantine/core';
import { QueryState } from '../../ui/query-state.tsx';
import { useRole } from './use-roles.ts';

/** The permissions a role holds, read-only: how a predefined role shows what it grants. */
export function RolePermissionList({ roleId, name }: { roleId: number; name: string }) {
  const role = useRole(roleId);
  return (
    <QueryState query={role} label={`the permissions of ${name}`}>
      {(details) =>
        details.permissions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No permissions beyond reading.
          </Text>
        ) : (
          <List size="sm" spacing={2} aria-label={`Permissions of ${name}`}>
            {details.permissions.map((p) => (
              <List.Item key={`${p.name}@${p.environment ?? ''}`}>
                {p.displayName}{' '}
                <Text span size="xs" c="dimmed">
                  {p.name}
                  {p.environment ? ` · ${p.environment === '*' ? 'every environment' : p.environment}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        )
      }
    </QueryState>
  );
}
