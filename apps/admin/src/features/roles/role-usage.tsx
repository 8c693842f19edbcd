import { Table, Text } from '@mantine/core';
import { QueryState } from '../../ui/query-state.tsx';
import { useRoleUsage } from './use-roles.ts';

const count = (n: number | undefined) => n ?? 0;

/** Where a project role is held, per project: why it cannot be deleted, and who a change reaches. */
export function RoleUsage({ roleId }: { roleId: number }) {
  const usage = useRoleUsage(roleId);
  return (
    <QueryState
      query={usage}
      label="where the role is held"
      isEmpty={(projects) => projects.length === 0}
      empty={
        <Text size="sm" c="dimmed">
          No project uses this role yet.
        </Text>
      }
    >
      {(projects) => (
        <Table aria-label="Projects using this role">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th>Service accounts</Table.Th>
              <Table.Th>Groups</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.map((p) => (
              <Table.Tr key={p.project}>
                <Table.Td>{p.project}</Table.Td>
                <Table.Td>{count(p.userCount)}</Table.Td>
                <Table.Td>{count(p.serviceAccountCount)}</Table.Td>
                <Table.Td>{count(p.groupCount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}
