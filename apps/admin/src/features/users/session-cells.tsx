import { Badge, Table, Text } from '@mantine/core';
import { when } from '../../ui/format.ts';
import { browserOf } from '../../ui/user-agent.ts';

/** What every session row shows; both the signed-in user's sessions and everyone's have these fields. */
type SessionShown = {
  userAgent?: string | null;
  ip?: string | null;
  current?: boolean;
  createdAt: string;
  seenAt?: string | null;
};

/** A session's browser (and whether it is this one) with its address, when it signed in and when it was last seen. */
export function SessionCells({ session }: { session: SessionShown }) {
  return (
    <>
      <Table.Td>
        <Text size="sm" maw={320} title={session.userAgent ?? undefined}>
          {browserOf(session.userAgent) ?? 'Unknown browser'}
        </Text>
        <Text size="xs" c="dimmed">
          {session.ip ?? 'Address unknown'}
        </Text>
        {session.current && (
          <Badge size="sm" color="green" variant="light" mt={4}>
            This browser
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{when(session.createdAt)}</Table.Td>
      <Table.Td>{when(session.seenAt ?? null)}</Table.Td>
    </>
  );
}

/** The column headers of `SessionCells`. */
export function SessionHeaders() {
  return (
    <>
      <Table.Th>Browser</Table.Th>
      <Table.Th>Signed in</Table.Th>
      <Table.Th>Last seen</Table.Th>
    </>
  );
}
