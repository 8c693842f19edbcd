import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { ExpiringTokensAlert, ExpiryBadge } from '../../ui/expiry-badge.tsx';
import { when } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useSession } from '../session/use-session.ts';
import { CreatePatModal } from './create-pat-modal.tsx';
import {
  usePersonalAccessTokenMutations,
  usePersonalAccessTokens,
  type PatResponse,
} from './use-personal-access-tokens.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Your own tokens for scripts and CI: each acts as you, with your root role, until it expires. */
export function PersonalAccessTokensPage() {
  const me = useSession().data;
  const tokens = usePersonalAccessTokens();
  const { remove } = usePersonalAccessTokenMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PatResponse | null>(null);
  const role = me?.user.rootRoleName;
  const newToken = <Button onClick={() => setCreating(true)}>New token</Button>;
  return (
    <>
      <PageHeader
        title="Personal access tokens"
        description={
          <>
            Tokens for scripts and CI that call the Admin API as you, with your {role ?? 'root'} role, until
            they expire. What they do is recorded under your name.
          </>
        }
        actions={newToken}
      />
      <QueryState
        query={tokens}
        label="personal access tokens"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState action={newToken}>You have no personal access tokens yet.</EmptyState>}
      >
        {(list) => (
          <>
            <ExpiringTokensAlert tokens={list} />
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Td>{token.description}</Table.Td>
                    <Table.Td>{day(token.createdAt)}</Table.Td>
                    <Table.Td>
                      {day(token.expiresAt)} <ExpiryBadge expiresAt={token.expiresAt} />
                    </Table.Td>
                    <Table.Td>{when(token.seenAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${token.description}`}
                        onClick={() => setDeleting(token)}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </QueryState>
      {creating && <CreatePatModal onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete “${deleting.description}”?`}
          confirmLabel="Delete token"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.description}`);
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the token'),
            })
          }
        >
          <Text size="sm">Anything still using it gets 401 from then on. This cannot be undone.</Text>
        </ConfirmModal>
      )}
    </>
  );
}
