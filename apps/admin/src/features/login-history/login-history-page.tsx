import { Alert, Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { when } from '../../ui/format.ts';
import { browserOf } from '../../ui/user-agent.ts';
import { notifyError } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useDownloadLoginHistory, useLoginHistory } from './use-login-history.ts';

const PAGE = 100;
const OUTCOMES = [
  { value: 'true', label: 'Signed in' },
  { value: 'false', label: 'Refused' },
];

/** Who tried to sign in, how and from where, for the last 14 days; filtered, paged, and as a CSV download. */
export function LoginHistoryPage() {
  const allowed = usePermissions().can('ADMIN');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const successful = outcome === null ? undefined : outcome === 'true';
  const history = useLoginHistory({ q: q || undefined, successful, limit: PAGE + 1, offset: page * PAGE });
  const download = useDownloadLoginHistory();
  if (!allowed)
    return (
      <>
        <PageHeader title="Login history" />
        <Alert color="gray">Only administrators can see the login history.</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title="Login history"
        description="Every sign-in attempt of the last 14 days, with a password or single sign-on, newest first."
        actions={
          <Button
            variant="default"
            loading={download.isPending}
            onClick={() =>
              download.mutate(
                { q: q || undefined, successful },
                { onError: (error) => notifyError(error, 'download the login history') },
              )
            }
          >
            Download CSV
          </Button>
        }
      />
      <Group mb="sm" align="flex-end">
        <TextInput
          label="Name or address"
          placeholder="Part of a name or IP address"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
          w={240}
        />
        <Select
          label="Outcome"
          placeholder="Any outcome"
          data={OUTCOMES}
          value={outcome}
          onChange={(value) => {
            setOutcome(value);
            setPage(0);
          }}
          clearable
          w={160}
        />
      </Group>
      <QueryState
        query={history}
        label="the login history"
        isEmpty={(data) => data.events.length === 0}
        empty={<EmptyState>No sign-in attempts match.</EmptyState>}
      >
        {(data) => (
          <>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Browser</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.events.slice(0, PAGE).map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>{when(event.created_at)}</Table.Td>
                    <Table.Td>{event.username ?? '—'}</Table.Td>
                    <Table.Td>{event.auth_type === 'oidc' ? 'Single sign-on' : 'Password'}</Table.Td>
                    <Table.Td>
                      {event.successful ? (
                        <Badge color="green" variant="filled">
                          Signed in
                        </Badge>
                      ) : (
                        <Text size="sm">
                          <Badge color="red" variant="filled" mr="xs">
                            Refused
                          </Badge>
                          {event.failure_reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{event.ip ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="sm" maw={280} title={event.user_agent ?? undefined}>
                        {browserOf(event.user_agent) ?? '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={data.events.length <= PAGE}
                onClick={() => setPage(page + 1)}
              >
                Older
              </Button>
            </Group>
          </>
        )}
      </QueryState>
    </>
  );
}
