import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/query-state.tsx';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import { LifecycleBadge } from '../flags/lifecycle-badge.tsx';
import { readSearch, SEARCH_PAGE_SIZE, writeSearch, type SearchFilters } from './search-params.ts';
import { SearchFiltersBar } from './search-filters.tsx';
import { useGlobalSearch, type FoundFlag } from './use-global-search.ts';

/** Every flag in every project the user may see, found with the server's search operators; favorites first. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSearch(params), [params]);
  const search = useGlobalSearch(filters);
  const change = useCallback(
    (patch: Partial<SearchFilters>) => setParams(writeSearch({ ...filters, ...patch }), { replace: true }),
    [filters, setParams],
  );
  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  return (
    <>
      <PageHeader
        title="Search flags"
        description="Every project at once; filters use the server's search operators. Favorites come first."
      />
      <SearchFiltersBar filters={filters} onChange={change} />
      {search.isPending ? (
        <Loading label="flags" />
      ) : search.error ? (
        <ErrorState label="flags" error={search.error} retry={() => search.refetch()} />
      ) : search.data.features.length === 0 ? (
        <EmptyState>No flags match this search.</EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table highlightOnHover verticalSpacing={6} aria-label="Found flags">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <VisuallyHidden>Favorite</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Lifecycle</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {search.data.features.map((flag) => (
                  <FoundRow key={flag.name} flag={flag} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total} flag{total === 1 ? '' : 's'}
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

function FoundRow({ flag }: { flag: FoundFlag }) {
  const project = encodeURIComponent(flag.project);
  return (
    <Table.Tr>
      <Table.Td>
        <FavoriteButton target={{ projectId: flag.project, flagName: flag.name }} favorite={flag.favorite} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/projects/${project}/flags/${encodeURIComponent(flag.name)}`}>
            {flag.name}
          </Anchor>
          {flag.stale && (
            <Badge size="xs" color="orange">
              stale
            </Badge>
          )}
        </Group>
        {flag.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {flag.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/projects/${project}`} size="sm">
          {flag.project}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flag.type}</Text>
      </Table.Td>
      <Table.Td>
        <LifecycleBadge stage={flag.lifecycle.stage} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{new Date(flag.createdAt).toLocaleDateString()}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
