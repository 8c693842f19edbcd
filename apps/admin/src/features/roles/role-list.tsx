import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { isPredefinedRoleType, type RoleType } from '@switchyard/access';
import { Fragment, useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { RoleFormModal, type CustomRoleType } from './role-form-modal.tsx';
import { RolePermissionList } from './role-permission-list.tsx';
import { useRoleMutations, useRoles, type RoleSummary } from './use-roles.ts';

const predefined = (role: RoleSummary) => isPredefinedRoleType(role.type as RoleType);

/**
 * The roles of one kind, predefined first (read-only, their permissions on demand), then custom ones to edit or
 * delete.
 */
export function RoleList({ type }: { type: CustomRoleType }) {
  const roles = useRoles();
  const { remove } = useRoleMutations();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<RoleSummary | null>(null);
  const predefinedType = type === 'root-custom' ? 'root' : 'project';
  const noun = type === 'root-custom' ? 'root role' : 'project role';
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setEditing('new')}>{`New ${noun}`}</Button>
      </Group>
      <QueryState query={roles} label="roles">
        {(list) => {
          const shown = list.filter((role) => role.type === type || role.type === predefinedType);
          const custom = shown.filter((role) => !predefined(role));
          return (
            <>
              <Table aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th aria-label="Actions" />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((role) => (
                    <Fragment key={role.id}>
                      <Table.Tr>
                        <Table.Td>
                          <Text fw={500}>{role.name}</Text>
                          {role.description && (
                            <Text size="xs" c="dimmed">
                              {role.description}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={predefined(role) ? 'gray' : 'indigo'}>
                            {predefined(role) ? 'Predefined' : 'Custom'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {predefined(role) ? (
                              <Button
                                size="xs"
                                variant="default"
                                aria-expanded={open === role.id}
                                aria-controls={`role-${role.id}-permissions`}
                                aria-label={`${open === role.id ? 'Hide' : 'Show'} permissions of ${role.name}`}
                                onClick={() => setOpen(open === role.id ? null : role.id)}
                              >
                                {open === role.id ? 'Hide permissions' : 'Show permissions'}
                              </Button>
                            ) : (
                              <>
                                <Button
                                  size="xs"
                                  variant="default"
                                  aria-label={`Edit ${role.name}`}
                                  onClick={() => setEditing(role.id)}
                                >
                                  Edit
                                </Button>
                                <Button
                                  size="xs"
                                  variant="light"
                                  color="red"
                                  aria-label={`Delete ${role.name}`}
                                  onClick={() => setDeleting(role)}
                                >
                                  Delete
                                </Button>
                              </>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                      {open === role.id && (
                        <Table.Tr id={`role-${role.id}-permissions`}>
                          <Table.Td colSpan={3}>
                            <RolePermissionList roleId={role.id} name={role.name} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
              {custom.length === 0 && (
                <EmptyState>{`No custom ${noun}s yet: create one to grant exactly what a team needs.`}</EmptyState>
              )}
            </>
          );
        }}
      </QueryState>
      {editing !== null && (
        <RoleFormModal
          type={type}
          roleId={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete role"
          loading={remove.isPending}
          onClose={closeDelete}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                closeDelete();
              },
            })
          }
        >
          <Text size="sm">
            Nobody may hold the role when it is deleted: the server refuses while it is in use.
          </Text>
          {remove.error && (
            <Alert color="red" role="alert" mt="sm" title="The role was not deleted">
              {remove.error.message}
            </Alert>
          )}
        </ConfirmModal>
      )}
    </>
  );
}
