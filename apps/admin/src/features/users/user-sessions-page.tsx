import { Alert, Badge, Button, Table, Text } from '@mantine/core';
import { when } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { userLabel } from '../groups/user-label.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { useActiveSessions, useRevokeActiveSession, type ActiveSession } from './use-user-sessions.ts';

const who = (session: ActiveSession) =>
  userLabel({ id: session.userId, username: session.username, email: session.email });

/** Every browser signed in to this instance; an administrator can sign any of them out. */
export function UserSessionsPage() {
  const allowed = usePermissions().can('ADMIN');
  return (
    <>
      <PageHeader
        title="Sessions"
        description="Browsers signed in to this instance. Signing one out ends it at once; the person signs in again."
      />
      {allowed ? (
        <SessionTable />
      ) : (
        <Alert color="gray">Only administrators can see everyone's sessions.</Alert>
      )}
    </>
  );
}

export function SessionTable({ userId }: { userId?: number }) {
  const sessions = useActiveSessions(userId);
  const revoke = useRevokeActiveSession();
  const signOut = (session: ActiveSession) =>
    revoke.mutate(session.id, {
      onSuccess: () => notifySuccess(`Signed out a session of ${who(session)}`),
      onError: (error) => notifyError(error, 'sign the session out'),
    });
  return (
    <QueryState
      query={sessions}
      label="sessions"
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState>Nobody is signed in.</EmptyState>}
    >
      {(list) => (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Browser</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Text fw={500}>{who(session)}</Text>
                  {session.current && (
                    <Badge size="xs" variant="light">
                      This browser
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{session.userAgent ?? 'unknown'}</Text>
                  <Text size="xs" c="dimmed">
                    {session.ip}
                  </Text>
                </Table.Td>
                <Table.Td>{when(session.createdAt)}</Table.Td>
                <Table.Td>{when(session.seenAt ?? null)}</Table.Td>
                <Table.Td>
                  {!session.current && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Sign out ${who(session)}`}
                      loading={revoke.isPending && revoke.variables === session.id}
                      onClick={() => signOut(session)}
                    >
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}
