import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ServiceAccount } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { UserPermissionsModal } from '../users/user-permissions-modal.tsx';
import { RootRoleSelect } from '../users/root-role-select.tsx';
import { CreateServiceAccountModal } from './create-service-account-modal.tsx';
import { ServiceAccountTokensModal } from './service-account-tokens-modal.tsx';
import { useServiceAccountMutations, useServiceAccounts } from './use-service-accounts.ts';
import { when } from '../../ui/format.ts';

const tokenCount = (n: number) => (n === 1 ? '1 token' : `${n} tokens`);

/** Accounts for scripts and pipelines: a root role, and tokens instead of a password. Admins only. */
export function ServiceAccountsPage() {
  const allowed = usePermissions().can('ADMIN');
  const accounts = useServiceAccounts(allowed);
  const { setRole, remove } = useServiceAccountMutations();
  const [creating, setCreating] = useState(false);
  const [tokensOf, setTokensOf] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ServiceAccount | null>(null);
  const [inspecting, setInspecting] = useState<ServiceAccount | null>(null);
  if (!allowed)
    return (
      <>
        <PageHeader title="Service accounts" />
        <Alert color="gray">Only administrators can see and add service accounts.</Alert>
      </>
    );
  const changeRole = (account: ServiceAccount, rootRole: number) => {
    setRole.mutate(
      { id: account.id, rootRole },
      {
        onSuccess: (saved) => notifySuccess(`${saved.username} is now ${saved.rootRoleName}`),
        onError: (error) => notifyError(error, `change the role of ${account.username}`),
      },
    );
  };
  // The open token dialog follows the list, so a new or deleted token shows at once.
  const tokenAccount = accounts.data?.find((account) => account.id === tokensOf);
  return (
    <>
      <PageHeader
        title="Service accounts"
        description="Accounts for scripts and pipelines. They never sign in: they act through their tokens, with their role."
        actions={<Button onClick={() => setCreating(true)}>New service account</Button>}
      />
      <QueryState
        query={accounts}
        label="service accounts"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No service accounts yet.</EmptyState>}
      >
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Tokens</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Text fw={500}>{account.name ?? account.username}</Text>
                    <Text size="xs" c="dimmed">
                      {account.username}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RootRoleSelect
                      label={`Role of ${account.username}`}
                      rootRole={account.rootRole}
                      onChange={(rootRole) => changeRole(account, rootRole)}
                    />
                  </Table.Td>
                  <Table.Td>{tokenCount(account.tokens.length)}</Table.Td>
                  <Table.Td>{when(account.seenAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setInspecting(account)}>
                        Permissions
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setTokensOf(account.id)}>
                        Tokens
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(account)}>
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
      {creating && <CreateServiceAccountModal onClose={() => setCreating(false)} />}
      {tokenAccount && <ServiceAccountTokensModal account={tokenAccount} onClose={() => setTokensOf(null)} />}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${deleting.username}?`}
          confirmLabel="Delete service account"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.username}`);
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the service account'),
            })
          }
        >
          <Text size="sm">
            Its {tokenCount(deleting.tokens.length)} stop working at once. What it changed stays in the event
            log.
          </Text>
        </ConfirmModal>
      )}
      {inspecting && (
        <UserPermissionsModal
          serviceAccount
          user={{ id: inspecting.id, label: inspecting.name ?? inspecting.username }}
          onClose={() => setInspecting(null)}
        />
      )}
    </>
  );
}
