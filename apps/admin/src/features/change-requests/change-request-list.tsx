import { Anchor, Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { when } from '../../ui/format.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useSession } from '../session/use-session.ts';
import { ChangeRequestSettings } from './change-request-settings.tsx';
import { StateBadge, changeRequestPath, isOpen, titleOf } from './change-request-state.tsx';
import type { ChangeRequestListItem as ChangeRequest } from './change-request-types.ts';
import { DraftBar } from './draft-bar.tsx';
import { useActionableCount, useChangeRequests } from './use-change-requests.ts';

type Filter = 'open' | 'closed' | 'all';

/** A project's change requests: those waiting for the caller, all of them by state, and the settings. */
export function ProjectChangeRequests({ projectId }: { projectId: string }) {
  const { can } = usePermissions();
  const requests = useChangeRequests(projectId);
  const [filter, setFilter] = useState<Filter>('open');
  return (
    <Stack>
      <DraftBar projectId={projectId} />
      <WaitingForMe projectId={projectId} requests={requests.data} />
      <Paper withBorder p="md" component="section" aria-labelledby="all-change-requests">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="all-change-requests">
            Change requests
          </Title>
          <SegmentedControl
            aria-label="Show"
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <QueryState query={requests} label="change requests">
          {(all) => {
            const shown = all.filter((r) =>
              filter === 'all' ? true : filter === 'open' ? isOpen(r.state) : !isOpen(r.state),
            );
            return shown.length === 0 ? (
              <EmptyState>No {filter === 'all' ? '' : `${filter} `}change requests.</EmptyState>
            ) : (
              <ChangeRequestTable projectId={projectId} requests={shown} label="Change requests" />
            );
          }}
        </QueryState>
      </Paper>
      <ChangeRequestSettings
        projectId={projectId}
        canEdit={can('PROJECT_CHANGE_REQUEST_WRITE', { project: projectId })}
      />
    </Stack>
  );
}

/** Requests in review the caller may approve, and approved ones the caller may apply: never the caller's own. */
export function waitingFor(
  requests: ChangeRequest[],
  userId: number | undefined,
  can: ReturnType<typeof usePermissions>['can'],
): ChangeRequest[] {
  return requests.filter((r) => {
    const where = { project: r.project, environment: r.environment };
    if (r.state === 'In review') return r.createdBy.id !== userId && can('APPROVE_CHANGE_REQUEST', where);
    if (r.state === 'Approved') return can('APPLY_CHANGE_REQUEST', where) || r.createdBy.id === userId;
    return false;
  });
}

function WaitingForMe({ projectId, requests }: { projectId: string; requests: ChangeRequest[] | undefined }) {
  const { can } = usePermissions();
  const me = useSession().data;
  const actionable = useActionableCount(projectId);
  const mine = waitingFor(requests ?? [], me?.user.id, can);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="waiting-for-me">
      <Group gap="xs" mb="sm">
        <Title order={2} size="h4" id="waiting-for-me">
          Waiting for me
        </Title>
        {actionable.data !== undefined && (
          <Badge
            aria-label={`${actionable.data} actionable`}
            variant="light"
            color={actionable.data ? 'indigo' : 'gray'}
          >
            {actionable.data}
          </Badge>
        )}
      </Group>
      {actionable.error && (
        <Text size="sm" c="red" role="alert">
          Could not count the requests waiting for you: {actionable.error.message}
        </Text>
      )}
      {requests === undefined ? null : mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing waits for your review or approval.
        </Text>
      ) : (
        <ChangeRequestTable projectId={projectId} requests={mine} label="Waiting for me" />
      )}
    </Paper>
  );
}

function ChangeRequestTable({
  projectId,
  requests,
  label,
}: {
  projectId: string;
  requests: ChangeRequest[];
  label: string;
}) {
  return (
    <Table aria-label={label} highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th>Environment</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Author</Table.Th>
          <Table.Th>Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Anchor component={Link} to={changeRequestPath(projectId, r.id)} size="sm">
                {titleOf(r)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {(r.features ?? []).map((f) => f.name).join(', ')}
              </Text>
            </Table.Td>
            <Table.Td>{r.environment}</Table.Td>
            <Table.Td>
              <StateBadge state={r.state} />
            </Table.Td>
            <Table.Td>{r.createdBy.username ?? '—'}</Table.Td>
            <Table.Td>{when(r.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
