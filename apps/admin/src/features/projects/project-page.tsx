import { Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Crumbs } from '../../ui/crumbs.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { isNotFound, NotFound } from '../../ui/not-found.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/query-state.tsx';
import { ProjectChangeRequests } from '../change-requests/change-request-list.tsx';
import { ChangeRequestOverview } from '../change-requests/change-request-overview.tsx';
import { ConnectSdkButton } from '../connect-sdk/connect-sdk-button.tsx';
import { DraftBar } from '../change-requests/draft-bar.tsx';
import { ExportFlagsModal } from '../flag-transfer/export-flags-modal.tsx';
import { ImportFlagsModal } from '../flag-transfer/import-flags-modal.tsx';
import { BulkActionsBar } from '../flags/bulk-actions-bar.tsx';
import { CreateFlagModal } from '../flags/create-flag-modal.tsx';
import { FlagFiltersBar } from '../flags/flag-filters.tsx';
import { PAGE_SIZES, readFilters, writeFilters, type FlagFilters } from '../flags/flag-search-params.ts';
import { FlagTable } from '../flags/flag-table.tsx';
import { useFlagSearch } from '../flags/use-flag-search.ts';
import { useToggleEnvironment } from '../flags/use-toggle-environment.ts';
import { ProjectActionsPanel } from '../actions/project-actions-panel.tsx';
import { AccessRequestPanel } from '../access-requests/access-request-panel.tsx';
import { RequestAccessButton } from '../access-requests/request-access-button.tsx';
import { ProjectAccessPanel } from '../project-access/project-access-panel.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useSession } from '../session/use-session.ts';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import { SafeToArchivePanel } from '../code-references/safe-to-archive-panel.tsx';
import { ProjectHealthPanel } from './project-health-panel.tsx';
import { ProjectNotFound } from './project-not-found.tsx';
import { ProjectSettingsPanel } from './project-settings-panel.tsx';
import { ProjectEnvironmentsButton } from './project-environments-modal.tsx';
import { projectTabFrom, projectTabPath } from './project-tabs.ts';
import { projectEnvironmentNames, useProjectOverview } from './use-projects.ts';

/**
 * A project's flags: searched and paged by the server, switchable per environment, acted on in bulk; and, for those
 * who may see it, who has access to the project.
 */
export function ProjectPage() {
  const { projectId = '', tab: segment } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const overview = useProjectOverview(projectId);
  const search = useFlagSearch(projectId, filters);
  const toggle = useToggleEnvironment();
  const { can } = usePermissions();
  const session = useSession();
  const canCreate = can('CREATE_FEATURE', { project: projectId });
  // Bulk actions change flags (stale, tags, archive, switches); each is checked again by the server.
  const canChange = can('UPDATE_FEATURE', { project: projectId });
  const canReadAccess = can('PROJECT_USER_ACCESS_READ', { project: projectId });
  const canManageAccess = can('PROJECT_USER_ACCESS_WRITE', { project: projectId });
  // Action sets act as service accounts and listen to signal endpoints: admins only, as in Unleash.
  const isAdmin = can('ADMIN');
  // Each tab has its own address (/projects/:id/settings), so tabs can be linked, reloaded and gone back to.
  const tab = projectTabFrom(segment);
  const openTab = (value: string | null) =>
    void navigate(projectTabPath(projectId, projectTabFrom(value ?? undefined) ?? 'flags'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [transfer, setTransfer] = useState<'import' | 'export'>();

  const change = useCallback(
    (patch: Partial<FlagFilters>) => setParams(writeFilters({ ...filters, ...patch }), { replace: true }),
    [filters, setParams],
  );
  const flags = useMemo(() => search.data?.features ?? [], [search.data]);
  const environments = useMemo(() => {
    const fromProject = projectEnvironmentNames(overview.data);
    if (fromProject?.length) return fromProject;
    return [...new Set(flags.flatMap((f) => f.environments.map((e) => e.name)))];
  }, [overview.data, flags]);

  const onSelect = useCallback((name: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const onSelectAll = useCallback(
    (checked: boolean) => setSelected(checked ? new Set(flags.map((f) => f.name)) : new Set()),
    [flags],
  );
  const onToggle = useCallback(
    (flagName: string, environment: string, enabled: boolean) =>
      toggle.mutate({ projectId, flagName, environment, enabled }),
    [toggle, projectId],
  );
  const canToggle = useCallback(
    (environment: string) => can('UPDATE_FEATURE_ENVIRONMENT', { project: projectId, environment }),
    [can, projectId],
  );
  const onSort = useCallback(
    (sortBy: string) =>
      change({
        sortBy,
        sortOrder: filters.sortBy === sortBy && filters.sortOrder === 'asc' ? 'desc' : 'asc',
        page: 1,
      }),
    [change, filters.sortBy, filters.sortOrder],
  );

  const total = search.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  // Links from before tabs had addresses said `?tab=access`.
  const legacyTab = projectTabFrom(params.get('tab') ?? undefined);
  if (params.has('tab') && legacyTab) return <Navigate to={projectTabPath(projectId, legacyTab)} replace />;
  if (isNotFound(overview.error)) return <ProjectNotFound projectId={projectId} />;
  if (!tab) return <UnknownTab projectId={projectId} segment={segment ?? ''} />;
  return (
    <>
      <Crumbs items={[{ label: 'Projects', to: '/projects' }, { label: overview.data?.name ?? projectId }]} />
      <PageHeader
        title={
          <Group gap="xs">
            {overview.data?.name ?? projectId}
            <FavoriteButton
              target={{ projectId }}
              favorite={Boolean((overview.data as { favorite?: boolean } | undefined)?.favorite)}
            />
          </Group>
        }
        description={overview.data?.description ?? undefined}
        actions={
          <>
            <ConnectSdkButton projectId={projectId} flagName={flags[0]?.name} />
            <ProjectEnvironmentsButton projectId={projectId} enabled={environments} />
            <Button variant="default" onClick={() => setTransfer('export')}>
              Export
            </Button>
            {canCreate && (
              <Button variant="default" onClick={() => setTransfer('import')}>
                Import
              </Button>
            )}
            {canCreate && <Button onClick={() => setCreating(true)}>New flag</Button>}
            {session.data && !canCreate && <RequestAccessButton projectId={projectId} />}
          </>
        }
      />
      {transfer === 'export' && (
        <ExportFlagsModal
          projectId={projectId}
          environments={environments}
          onClose={() => setTransfer(undefined)}
        />
      )}
      {transfer === 'import' && (
        <ImportFlagsModal
          projectId={projectId}
          environments={environments}
          onClose={() => setTransfer(undefined)}
        />
      )}
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="flags">Flags</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="health">Health</Tabs.Tab>
          <Tabs.Tab value="change-requests">Change requests</Tabs.Tab>
          {canReadAccess && <Tabs.Tab value="access">Access</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="actions">Actions</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="flags">
          <DraftBar projectId={projectId} />
          <FlagFiltersBar filters={filters} onChange={change} />
          {canChange && (
            <BulkActionsBar
              projectId={projectId}
              selected={[...selected]}
              environments={environments}
              onDone={() => setSelected(new Set())}
            />
          )}
          {search.isPending ? (
            <Loading label="flags" />
          ) : search.error ? (
            <ErrorState label="flags" error={search.error} retry={() => search.refetch()} />
          ) : flags.length === 0 ? (
            <EmptyState
              action={
                canCreate && !filters.query && !filters.types.length ? (
                  <Button onClick={() => setCreating(true)}>Create the first flag</Button>
                ) : undefined
              }
            >
              {filters.query || filters.types.length || filters.tags.length || filters.state
                ? 'No flags match these filters.'
                : 'This project has no flags yet.'}
            </EmptyState>
          ) : (
            <>
              <FlagTable
                projectId={projectId}
                flags={flags}
                environments={environments}
                selected={selected}
                canSelect={canChange}
                canToggle={canToggle}
                sort={filters}
                onSort={onSort}
                onSelect={onSelect}
                onSelectAll={onSelectAll}
                onToggle={onToggle}
              />
              <Group justify="space-between" mt="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {total} flag{total === 1 ? '' : 's'}
                  {search.isPlaceholderData ? ' · loading…' : ''}
                </Text>
                <Group gap="sm">
                  <Select
                    aria-label="Flags per page"
                    w={90}
                    size="xs"
                    data={PAGE_SIZES.map(String)}
                    value={String(filters.pageSize)}
                    allowDeselect={false}
                    onChange={(size) => change({ pageSize: Number(size), page: 1 })}
                  />
                  <Pager
                    total={pages}
                    value={Math.min(filters.page, pages)}
                    onChange={(page) => change({ page })}
                  />
                </Group>
              </Group>
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <ProjectSettingsPanel projectId={projectId} />
        </Tabs.Panel>
        <Tabs.Panel value="health">
          <Stack gap="xl">
            <ProjectHealthPanel projectId={projectId} />
            <SafeToArchivePanel projectId={projectId} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="change-requests">
          <ChangeRequestOverview projectId={projectId} />
          <ProjectChangeRequests projectId={projectId} />
        </Tabs.Panel>
        {canReadAccess && (
          <Tabs.Panel value="access">
            <Stack gap="xl">
              {canManageAccess && <AccessRequestPanel projectId={projectId} />}
              <ProjectAccessPanel projectId={projectId} />
            </Stack>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="actions">
            <ProjectActionsPanel projectId={projectId} environments={environments} />
          </Tabs.Panel>
        )}
      </Tabs>
      {creating && <CreateFlagModal projectId={projectId} onClose={() => setCreating(false)} />}
    </>
  );
}

function UnknownTab({ projectId, segment }: { projectId: string; segment: string }) {
  return (
    <NotFound back={{ to: projectTabPath(projectId, 'flags'), label: 'Go to the project' }}>
      The project {projectId} has no tab “{segment}”.
    </NotFound>
  );
}
