import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { ExpiringTokensAlert, ExpiryBadge } from '../../ui/expiry-badge.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { CreateApiTokenModal } from './create-api-token-modal.tsx';
import { ListedSecret } from './listed-secret.tsx';
import { useApiTokenMutations, useApiTokens } from './use-api-tokens.ts';
import { ProjectApiTokensPanel } from './project-api-tokens-panel.tsx';

export function ApiTokensPage() {
  const allowed = usePermissions().can('ADMIN');
  const tokens = useApiTokens(allowed);
  const { remove } = useApiTokenMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  if (!allowed)
    return (
      <>
        <PageHeader title="API tokens" />
        <Alert color="gray">Only administrators can see and create API tokens.</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Backend SDKs use client tokens, browser SDKs frontend tokens, scripts admin tokens. A secret is shown in full once, when its token is created; after that only its first and last characters."
        actions={<Button onClick={() => setCreating(true)}>New API token</Button>}
      />
      <QueryState
        query={tokens}
        label="API tokens"
        isEmpty={(l) => l.length === 0}
        empty={<EmptyState>No API tokens yet.</EmptyState>}
      >
        {(list) => (
          <>
            <ExpiringTokensAlert tokens={list} />
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Projects</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((token) => (
                  <Table.Tr key={token.secret}>
                    <Table.Td>
                      <Text fw={500}>{token.tokenName}</Text>
                      <ListedSecret listed={token.secret} />
                    </Table.Td>
                    <Table.Td>
                      <Badge>{token.type}</Badge>
                    </Table.Td>
                    <Table.Td>{token.projects.join(', ')}</Table.Td>
                    <Table.Td>{token.environment}</Table.Td>
                    <Table.Td>
                      {token.expiresAt ? new Date(token.expiresAt).toLocaleString() : 'never'}{' '}
                      <ExpiryBadge expiresAt={token.expiresAt} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(token)}>
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
      {creating && <CreateApiTokenModal onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete token ${deleting.tokenName}?`}
          confirmLabel="Delete token"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.secret, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.tokenName}`);
                setDeleting(null);
              },
              onError: (e) => notifyError(e, 'delete the token'),
            })
          }
        >
          <Text size="sm">Anything using this token gets 401 from its next request on.</Text>
        </ConfirmModal>
      )}
      <ProjectApiTokensPanel />
    </>
  );
}
