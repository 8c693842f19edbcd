import { Alert, Button, Table, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { userLabel } from '../groups/user-label.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { SessionCells, SessionHeaders } from './session-cells.tsx';
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
              <SessionHeaders />
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Text fw={500}>{who(session)}</Text>
                </Table.Td>
                <SessionCells session={session} />
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
