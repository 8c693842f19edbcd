import { Alert, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Crumbs } from '../../ui/crumbs.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ConnectSdkButton } from '../connect-sdk/connect-sdk-button.tsx';
import { isNotFound } from '../../ui/not-found.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { DraftBar } from '../change-requests/draft-bar.tsx';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { EventList } from '../events/event-list.tsx';
import { FlagUsagePanel } from '../metrics/flag-usage-panel.tsx';
import { CodeReferencesPanel } from '../code-references/code-references-panel.tsx';
import { useEvents } from '../events/use-events.ts';
import { ProjectNotFound } from '../projects/project-not-found.tsx';
import { useProjectOverview } from '../projects/use-projects.ts';
import { useSegments } from '../segments/use-segments.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { ArchivedFlagNotice } from './archived-flag-notice.tsx';
import { CloneFlagModal } from './clone-flag-modal.tsx';
import { EnvironmentPanel } from './environment-panel.tsx';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import { FlagDependencies } from './flag-dependencies.tsx';
import { FlagLifecycle } from './flag-lifecycle.tsx';
import { isLifecycleStage, type LifecycleStageName } from './lifecycle-badge.tsx';
import { FlagOverview } from './flag-overview.tsx';
import { FlagLinks } from '../flag-links/flag-links.tsx';
import { FlagVariantsPanel } from './flag-variants-panel.tsx';
import { FlagTimeline } from '../history/flag-timeline.tsx';
import { ExperimentsPanel } from '../experiments/experiments-panel.tsx';
import { ImpactMetricPanel } from '../impact-metrics/impact-metric-panel.tsx';
import { ReleasePlanSection } from '../release-plans/release-plan-section.tsx';
import type { Flag } from '../../api/wire.ts';
import { useFlag } from './use-flag.ts';
import { useFlagActions } from './use-flag-actions.ts';

/** One flag: overview, an environment panel each with its strategies, variants, dependencies and history. */
export function FlagPage() {
  const { projectId, flagName } = useParams() as { projectId: string; flagName: string };
  const flag = useFlag(projectId, flagName);
  const { can } = usePermissions();
  const canEdit = can('UPDATE_FEATURE', { project: projectId });
  const canClone = can('CREATE_FEATURE', { project: projectId });
  const canArchive = can('DELETE_FEATURE', { project: projectId });
  const segments = useSegments();
  const overview = useProjectOverview(projectId);
  const actions = useFlagActions(projectId, flagName);
  const [cloning, setCloning] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const archiveDraftIn = useDraftEnvironment(projectId);
  // Named, not by id, once the overview has it; the id stands in while it loads.
  const projectName = overview.data?.name ?? projectId;
  if (isNotFound(overview.error)) return <ProjectNotFound projectId={projectId} />;
  return (
    <>
      <Crumbs
        items={[
          { label: 'Projects', to: '/projects' },
          { label: projectName, to: `/projects/${encodeURIComponent(projectId)}` },
          { label: flagName },
        ]}
      />
      {flag.error instanceof ApiError && flag.error.status === 404 ? (
        <ArchivedFlagNotice
          projectId={projectId}
          projectName={projectName}
          flagName={flagName}
          error={flag.error}
          canEdit={canEdit}
        />
      ) : (
        <QueryState query={flag} label="the flag">
          {(data) => {
            const archived = Boolean(data.archived || data.archivedAt);
            const editable = canEdit && !archived;
            return (
              <>
                <PageHeader
                  title={
                    <Group gap="sm">
                      {data.name}
                      <FavoriteButton target={{ projectId, flagName: data.name }} favorite={data.favorite} />
                      <FlagLifecycle
                        projectId={projectId}
                        flagName={data.name}
                        stage={lifecycleStage(data, archived)}
                        canEdit={canEdit}
                      />
                      {archived && <Badge color="gray">archived</Badge>}
                      {data.stale && <Badge color="orange">stale</Badge>}
                    </Group>
                  }
                  actions={
                    archived ? (
                      canEdit && (
                        <Button
                          loading={actions.revive.isPending}
                          onClick={() =>
                            actions.revive.mutate(undefined, {
                              onSuccess: () => notifySuccess(`Revived ${data.name}`),
                              onError: (e) => notifyError(e, 'revive the flag'),
                            })
                          }
                        >
                          Revive
                        </Button>
                      )
                    ) : (
                      <>
                        <ConnectSdkButton projectId={projectId} flagName={data.name} />
                        {canClone && (
                          <Button variant="default" onClick={() => setCloning(true)}>
                            Clone
                          </Button>
                        )}
                        {canArchive && (
                          <Button color="red" variant="light" onClick={() => setArchiving(true)}>
                            Archive
                          </Button>
                        )}
                      </>
                    )
                  }
                />
                <DraftBar projectId={projectId} />
                {archived && (
                  <Alert color="gray" mb="md">
                    This flag is archived: SDKs no longer receive it. Revive it to change it again.
                  </Alert>
                )}
                <Tabs defaultValue="environments" keepMounted={false}>
                  <Tabs.List mb="md">
                    <Tabs.Tab value="environments">Overview</Tabs.Tab>
                    <Tabs.Tab value="variants">Variants</Tabs.Tab>
                    <Tabs.Tab value="experiments">Experiments</Tabs.Tab>
                    <Tabs.Tab value="dependencies">Dependencies</Tabs.Tab>
                    <Tabs.Tab value="usage">Usage</Tabs.Tab>
                    <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
                    <Tabs.Tab value="code">Code references</Tabs.Tab>
                    <Tabs.Tab value="impact">Impact metrics</Tabs.Tab>
                    <Tabs.Tab value="history">Event history</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="environments">
                    <Stack>
                      <FlagOverview flag={data} projectName={projectName} canEdit={editable} />
                      <FlagLinks flag={data} canEdit={editable} />
                      {data.environments.length === 0 && (
                        <EmptyState>This project has no environments enabled.</EmptyState>
                      )}
                      {data.environments.map((env) => (
                        <EnvironmentPanel
                          key={env.name}
                          projectId={projectId}
                          flagName={data.name}
                          environment={env}
                          otherEnvironments={data.environments
                            .map((e) => e.name)
                            .filter((n) => n !== env.name)}
                          segments={segments.data ?? []}
                          defaultStickiness={overview.data?.defaultStickiness ?? 'default'}
                          editable={!archived}
                        >
                          <ReleasePlanSection
                            place={{ projectId, flagName: data.name, environment: env.name }}
                            segments={segments.data ?? []}
                            editable={!archived}
                          />
                        </EnvironmentPanel>
                      ))}
                    </Stack>
                  </Tabs.Panel>
                  <Tabs.Panel value="variants">
                    <FlagVariantsPanel flag={data} canEdit={editable} />
                  </Tabs.Panel>
                  <Tabs.Panel value="experiments">
                    <ExperimentsPanel flag={data} />
                  </Tabs.Panel>
                  <Tabs.Panel value="dependencies">
                    <FlagDependencies flag={data} canEdit={editable} />
                  </Tabs.Panel>
                  <Tabs.Panel value="usage">
                    <FlagUsagePanel flagName={data.name} />
                  </Tabs.Panel>
                  <Tabs.Panel value="timeline">
                    <FlagTimeline
                      projectId={projectId}
                      flagName={data.name}
                      environments={data.environments.map((e) => e.name)}
                      canRestore={!archived}
                    />
                  </Tabs.Panel>
                  <Tabs.Panel value="code">
                    <CodeReferencesPanel projectId={projectId} flagName={data.name} />
                  </Tabs.Panel>
                  <Tabs.Panel value="impact">
                    <ImpactMetricPanel flagName={data.name} />
                  </Tabs.Panel>
                  <Tabs.Panel value="history">
                    <FlagHistory flagName={data.name} />
                  </Tabs.Panel>
                </Tabs>
                {cloning && <CloneFlagModal flag={data} onClose={() => setCloning(false)} />}
                <ConfirmModal
                  opened={archiving}
                  title={`Archive ${data.name}?`}
                  confirmLabel={archiveDraftIn ? 'Add to draft' : 'Archive flag'}
                  loading={actions.archive.isPending}
                  onClose={() => setArchiving(false)}
                  onConfirm={() =>
                    actions.archive.mutate(undefined, {
                      onSuccess: (written) => {
                        setArchiving(false);
                        if (written === 'written') notifySuccess(`Archived ${data.name}`);
                      },
                      onError: (e) => notifyError(e, 'archive the flag'),
                    })
                  }
                >
                  <Text size="sm">
                    {archiveDraftIn &&
                      `Change requests are on: archiving joins your draft in ${archiveDraftIn} and happens when it is applied. `}
                    SDKs stop receiving {data.name} in every environment. Its configuration is kept, and you
                    can revive it from the archive.
                  </Text>
                </ConfirmModal>
              </>
            );
          }}
        </QueryState>
      )}
    </>
  );
}

function FlagHistory({ flagName }: { flagName: string }) {
  const events = useEvents({ feature: flagName, limit: 100 });
  return (
    <QueryState
      query={events}
      label="events"
      isEmpty={(d) => d.events.length === 0}
      empty={<EmptyState>No events yet.</EmptyState>}
    >
      {(data) => <EventList events={data.events} />}
    </QueryState>
  );
}

/** The stage getFeature sends, or what the flag's state says when it is not one the badge knows. */
function lifecycleStage(flag: Flag, archived: boolean): LifecycleStageName {
  const sent = flag.lifecycle.stage;
  return isLifecycleStage(sent) ? sent : archived ? 'archived' : 'initial';
}
