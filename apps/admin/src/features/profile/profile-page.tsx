import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { MyRolesPanel } from '../users/my-roles-panel.tsx';
import { SessionCells, SessionHeaders } from '../users/session-cells.tsx';
import { PERSONAL_ACCESS_TOKENS_PATH } from '../personal-access-tokens/personal-access-tokens-path.ts';
import { useMySessions, useProfile, useRevokeSession, type Profile, type Session } from './use-profile.ts';

/** Your profile: what you hold and where, and the browsers signed in as you, each of which you can sign out. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader
        title="Profile"
        description="Your roles, what they allow, your tokens and where you are signed in."
      />
      <QueryState query={profile} label="your profile">
        {(data) => <Holdings profile={data} />}
      </QueryState>
      <MyRolesPanel />
      <Title order={2} size="h4" mt="xl" mb="sm">
        Sessions
      </Title>
      <Sessions />
    </>
  );
}

function Holdings({ profile }: { profile: Profile }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={500}>Root role</Text>
        <Badge variant="light" tt="none">
          {profile.rootRole.name}
        </Badge>
        <Text size="sm" c="dimmed">
          {profile.rootRole.description}
        </Text>
      </Group>
      {profile.groups.length > 0 && (
        <Group gap="xs">
          <Text fw={500}>Groups</Text>
          {profile.groups.map((group) => (
            <Badge key={group.id} variant="light" color="gray" tt="none">
              {group.name}
            </Badge>
          ))}
        </Group>
      )}
      {profile.projectRoles.length === 0 ? (
        <Text size="sm" c="dimmed">
          You hold no role in any project; your root role decides what you can do.
        </Text>
      ) : (
        <Table striped aria-label="Project roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Through</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profile.projectRoles.map((entry) => (
              <Table.Tr key={`${entry.project} ${entry.role.id} ${entry.group ?? ''}`}>
                <Table.Td>
                  <Anchor component={RouterLink} to={`/projects/${encodeURIComponent(entry.project)}`}>
                    {entry.project}
                  </Anchor>
                </Table.Td>
                <Table.Td>{entry.role.name}</Table.Td>
                <Table.Td>{entry.group ? `Group ${entry.group}` : 'You'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm">
        {profile.pats.length === 1
          ? '1 personal access token'
          : `${profile.pats.length} personal access tokens`}
        {' · '}
        <Anchor component={RouterLink} to={PERSONAL_ACCESS_TOKENS_PATH}>
          Manage tokens
        </Anchor>
      </Text>
    </Stack>
  );
}

function Sessions() {
  const sessions = useMySessions();
  const revoke = useRevokeSession();
  const signOut = (session: Session) =>
    revoke.mutate(session, {
      onSuccess: () => {
        if (!session.current) notifySuccess('That session is signed out.');
      },
      onError: (error) => notifyError(error, 'sign out the session'),
    });
  return (
    <QueryState
      query={sessions}
      label="your sessions"
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState>No browser is signed in as you; you are using a token.</EmptyState>}
    >
      {(list) => (
        <Table striped aria-label="Sessions">
          <Table.Thead>
            <Table.Tr>
              <SessionHeaders />
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((session) => (
              <Table.Tr key={session.id}>
                <SessionCells session={session} />
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    loading={revoke.isPending && revoke.variables?.id === session.id}
                    onClick={() => signOut(session)}
                  >
                    {session.current ? 'Sign out' : 'Revoke'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}
