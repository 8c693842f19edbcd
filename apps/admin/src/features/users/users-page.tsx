import { Alert, Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useState } from 'react';
import type { User } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { InviteLinkPanel } from '../invite-links/invite-link-panel.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useSession } from '../session/use-session.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import { SetPasswordModal } from './password-modals.tsx';
import { ResetLinkModal } from '../password-reset/reset-link-modal.tsx';
import { UserPermissionsModal } from './user-permissions-modal.tsx';
import { RootRoleSelect } from './root-role-select.tsx';
import { useAdminCount, useUserMutations, useUserSearch, useUsers } from './use-users.ts';
import { InactiveUsersPanel } from './inactive-users-panel.tsx';
import { counted, when } from '../../ui/format.ts';

const displayName = (user: User) => user.name ?? user.username ?? user.email ?? `user ${user.id}`;

/** Who can sign in, and with which root role. Only administrators see it. */
export function UsersPage() {
  const allowed = usePermissions().can('ADMIN');
  const me = useSession().data?.user;
  const users = useUsers(allowed);
  const admins = useAdminCount(allowed);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useUserSearch(q);
  const { setRole, remove } = useUserMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [linking, setLinking] = useState<User | null>(null);
  const [inspecting, setInspecting] = useState<User | null>(null);
  if (!allowed)
    return (
      <>
        <PageHeader title="Users" />
        <Alert color="gray">Only administrators can see and add users.</Alert>
      </>
    );
  const changeRole = (user: User, rootRole: number) => {
    setRole.mutate(
      { id: user.id, rootRole },
      {
        onSuccess: (saved) => notifySuccess(`${displayName(saved)} is now ${saved.rootRoleName}`),
        onError: (error) => notifyError(error, `change the role of ${displayName(user)}`),
      },
    );
  };
  return (
    <>
      <PageHeader
        title="Users"
        description="People who sign in to this admin UI. Admins manage users and tokens, Editors change flags, Viewers look."
        actions={
          <Group gap="xs">
            <Button component={Link} to="/user-sessions" variant="default">
              Sessions
            </Button>
            <Button component={Link} to="/access-overview" variant="default">
              Access overview
            </Button>
            <Button onClick={() => setCreating(true)}>New user</Button>
          </Group>
        }
      />
      <InviteLinkPanel />
      <InactiveUsersPanel />
      <Group justify="space-between" mb="sm">
        <TextInput
          aria-label="Search users"
          placeholder="Search by name, username or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        {admins.data && (
          <Text size="sm" c="dimmed">
            {counted(admins.data.password + admins.data.noPassword, 'administrator')}
            {admins.data.service > 0 && ` and ${counted(admins.data.service, 'admin service account')}`}
          </Text>
        )}
      </Group>
      <QueryState
        query={q ? found : users}
        label="users"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>{q ? `No user matches "${q}".` : 'No users yet.'}</EmptyState>}
      >
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((user) => {
                const self = user.id === me?.id;
                return (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text fw={500}>{displayName(user)}</Text>
                        {user.scimId && (
                          <Badge
                            size="xs"
                            variant="light"
                            title="Managed by your identity provider through SCIM"
                          >
                            SCIM
                          </Badge>
                        )}
                        {user.active === false && (
                          <Badge size="xs" color="gray" variant="filled">
                            Deactivated
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {[user.username, user.email].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RootRoleSelect
                        label={`Role of ${displayName(user)}`}
                        rootRole={user.rootRole}
                        // Taking your own Admin role away would lock you out of this screen.
                        disabled={self}
                        onChange={(rootRole) => changeRole(user, rootRole)}
                      />
                    </Table.Td>
                    <Table.Td>{when(user.createdAt)}</Table.Td>
                    <Table.Td>{when(user.seenAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setInspecting(user)}>
                          Permissions
                        </Button>
                        {!self && (
                          <>
                            <Button size="xs" variant="default" onClick={() => setLinking(user)}>
                              Reset password
                            </Button>
                            <Button size="xs" variant="default" onClick={() => setResetting(user)}>
                              Set password
                            </Button>
                            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(user)}>
                              Delete
                            </Button>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {creating && <CreateUserModal onClose={() => setCreating(false)} />}
      {resetting && (
        <SetPasswordModal
          user={{ id: resetting.id, label: displayName(resetting) }}
          onClose={() => setResetting(null)}
        />
      )}
      {linking && (
        <ResetLinkModal
          user={{ id: linking.id, label: displayName(linking), email: linking.email }}
          onClose={() => setLinking(null)}
        />
      )}
      {inspecting && (
        <UserPermissionsModal
          user={{ id: inspecting.id, label: displayName(inspecting) }}
          onClose={() => setInspecting(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${displayName(deleting)}?`}
          confirmLabel="Delete user"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted ${displayName(deleting)}`);
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the user'),
            })
          }
        >
          <Text size="sm">
            Their sessions and personal access tokens stop working at once. Their past changes stay in the
            event log.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
