import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useRoles } from '../roles/use-roles.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { useGroupMutations, useGroups, type GroupResponse } from './use-groups.ts';

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

function Chips({ values, none }: { values: readonly string[]; none: string }) {
  if (values.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  return (
    <Group gap={4}>
      {values.map((value) => (
        <Badge key={value} variant="light" color="gray" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** Groups of people who hold roles together, filled by hand or from single sign-on. Admins only. */
export function GroupsPage() {
  const allowed = usePermissions().can('ADMIN');
  const groups = useGroups(allowed);
  const roles = useRoles(allowed);
  const { remove } = useGroupMutations();
  const [editing, setEditing] = useState<GroupResponse | 'new' | null>(null);
  const [deleting, setDeleting] = useState<GroupResponse | null>(null);
  if (!allowed)
    return (
      <>
        <PageHeader title="Groups" />
        <Alert color="gray">Only administrators can see and change groups.</Alert>
      </>
    );
  const roleName = (id: number | null) =>
    id === null ? null : (roles.data?.find((role) => role.id === id)?.name ?? `role ${id}`);
  return (
    <>
      <PageHeader
        title="Groups"
        description="Give roles to many people at once. Members hold the group's root role and its roles in projects."
        actions={<Button onClick={() => setEditing('new')}>New group</Button>}
      />
      <QueryState
        query={groups}
        label="groups"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No groups yet.</EmptyState>}
      >
        {(list) => (
          <Table striped aria-label="Groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Group</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Root role</Table.Th>
                <Table.Th>SSO groups</Table.Th>
                <Table.Th>Projects</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((group) => (
                <Table.Tr key={group.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={500}>{group.name}</Text>
                      {group.scimId && (
                        <Badge
                          size="xs"
                          variant="light"
                          title="Managed by your identity provider through SCIM"
                        >
                          SCIM
                        </Badge>
                      )}
                    </Group>
                    {group.description && (
                      <Text size="xs" c="dimmed">
                        {group.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{members(group.userCount)}</Table.Td>
                  <Table.Td>
                    {roleName(group.rootRole) ?? (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Chips values={group.mappingsSSO} none="None" />
                  </Table.Td>
                  <Table.Td>
                    <Chips values={group.projects} none="None" />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Edit ${group.name}`}
                        onClick={() => setEditing(group)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${group.name}`}
                        onClick={() => setDeleting(group)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing !== null && (
        <GroupFormModal group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete group"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the group'),
            })
          }
        >
          <Text size="sm">
            Its {members(deleting.userCount)} lose the roles they held through it at once.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
