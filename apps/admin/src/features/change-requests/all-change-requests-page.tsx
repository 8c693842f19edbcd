import { Anchor, Group, Select, SegmentedControl, Table, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { when } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/query-state.tsx';
import { useSession } from '../session/use-session.ts';
import {
  CHANGE_REQUEST_PAGE_SIZE,
  type ChangeRequestFilters,
  readFilters,
  STATE_FILTERS,
  type StateFilter,
  toSearch,
  type Whose,
  writeFilters,
} from './change-request-filters.ts';
import { StateBadge, changeRequestPath, titleOf } from './change-request-state.tsx';
import { type ChangeRequestSearchItem, useChangeRequestSearch } from './use-change-request-search.ts';

const STATE_LABELS: Record<string, string> = { open: 'Open', closed: 'Closed', all: 'Every state' };
const NONE: Record<Whose, string> = {
  mine: 'You have created no change requests',
  asked: 'Nobody has asked you to review a change request',
  everyone: 'There are no change requests',
};

/** /change-requests: change requests across every project the user can see, by whose they are and their state. */
export function AllChangeRequestsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const userId = useSession().data?.user.id;
  const search = useChangeRequestSearch(toSearch(filters, userId ?? 0), userId !== undefined);
  const change = useCallback(
    (patch: Partial<ChangeRequestFilters>) =>
      setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace: true }),
    [filters, setParams],
  );
  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CHANGE_REQUEST_PAGE_SIZE));
  const stateLabel = STATE_LABELS[filters.state] ?? filters.state;
  return (
    <>
      <PageHeader
        title="Change requests"
        description="Across every project you can see: the requests you made, those you were asked to review, or all of them."
      />
      <Group mb="md" align="flex-end">
        <SegmentedControl
          aria-label="Whose change requests"
          value={filters.whose}
          onChange={(whose) => change({ whose: whose as Whose })}
          data={[
            { value: 'mine', label: 'Created by me' },
            { value: 'asked', label: 'Approval requested from me' },
            { value: 'everyone', label: 'Everyone’s' },
          ]}
        />
        <Select
          label="State"
          w={180}
          allowDeselect={false}
          value={filters.state}
          onChange={(state) => state && change({ state: state as StateFilter })}
          data={STATE_FILTERS.map((value) => ({ value, label: STATE_LABELS[value] ?? value }))}
        />
      </Group>
      {search.isPending ? (
        <Loading label="change requests" />
      ) : search.error ? (
        <ErrorState label="change requests" error={search.error} retry={() => search.refetch()} />
      ) : search.data.changeRequests.length === 0 ? (
        <EmptyState>
          {NONE[filters.whose]}
          {filters.state === 'all' ? '' : ` in state “${stateLabel}”`}.
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover aria-label="Change requests across projects">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.data.changeRequests.map((request) => (
                  <Row key={request.id} request={request} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total} change request{total === 1 ? '' : 's'}
              {search.isPlaceholderData ? ' · loading…' : ''}
            </Text>
            <Pager
              total={pages}
              value={Math.min(filters.page, pages)}
              onChange={(page) => change({ page })}
            />
          </Group>
        </>
      )}
    </>
  );
}

function Row({ request }: { request: ChangeRequestSearchItem }) {
  const changed = [...request.features, ...request.segments.map((s) => `segment ${s}`)];
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={changeRequestPath(request.project, request.id)} size="sm">
          {titleOf(request)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {changed.join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/projects/${encodeURIComponent(request.project)}`} size="sm">
          {request.project}
        </Anchor>
      </Table.Td>
      <Table.Td>{request.environment}</Table.Td>
      <Table.Td>
        <StateBadge state={request.state} />
      </Table.Td>
      <Table.Td>{request.createdBy.username ?? '—'}</Table.Td>
      <Table.Td>{when(request.createdAt)}</Table.Td>
    </Table.Tr>
  );
}
