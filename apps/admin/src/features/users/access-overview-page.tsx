import { Alert, Badge, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ResponseOf } from '../../api/wire.ts';
import { when } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useAccessOverview } from './use-access.ts';

type AccessRow = ResponseOf<'getAccessOverview'>['overview'][number];

/** Who can reach what: each user's root role, groups and the projects they can open, on one page. */
export function AccessOverviewPage() {
  const allowed = usePermissions().can('ADMIN');
  const [filter, setFilter] = useState('');
  const overview = useAccessOverview(allowed);
  const matches = (row: AccessRow) =>
    `${row.userName ?? ''} ${row.userEmail ?? ''}`.toLowerCase().includes(filter.trim().toLowerCase());
  return (
    <>
      <PageHeader
        title="Access overview"
        description="Every user with their root role, groups and the projects they can work in."
      />
      {!allowed ? (
        <Alert color="gray">Only administrators can see everyone's access.</Alert>
      ) : (
        <>
          <TextInput
            aria-label="Filter users"
            placeholder="Filter by name or email"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            mb="sm"
            w={320}
          />
          <QueryState
            query={overview}
            label="the access overview"
            isEmpty={(rows) => rows.length === 0}
            empty={<EmptyState>No users yet.</EmptyState>}
          >
            {(rows) => (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>User</Table.Th>
                    <Table.Th>Root role</Table.Th>
                    <Table.Th>Groups</Table.Th>
                    <Table.Th>Projects</Table.Th>
                    <Table.Th>Last seen</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.filter(matches).map((row) => (
                    <Table.Tr key={row.userId}>
                      <Table.Td>
                        <Text fw={500}>{row.userName || row.userEmail || `user ${row.userId}`}</Text>
                        <Text size="xs" c="dimmed">
                          {row.userEmail}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.rootRole}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {row.groups.map((group) => (
                            <Badge key={group} size="xs" variant="light" color="gray" tt="none">
                              {group}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {row.accessibleProjects.map((project) => (
                            <Badge key={project} size="xs" variant="light" tt="none">
                              {project}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>{when(row.lastSeen ?? null)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </>
      )}
    </>
  );
}
