import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Crumbs } from '../../ui/crumbs.tsx';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ApplicationOverviewPanel } from './application-overview-panel.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { ApplicationDetailsModal } from './application-details-modal.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { when } from '../../ui/format.ts';
import { useApplication, useApplicationMutations } from './use-metrics.ts';

/** One application: its SDK instances per environment, and the flags it reported using. */
export function ApplicationPage() {
  const { appName } = useParams() as { appName: string };
  const application = useApplication(appName);
  const canEdit = usePermissions().can('UPDATE_APPLICATION');
  const { remove } = useApplicationMutations();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Crumbs items={[{ label: 'Applications', to: '/applications' }, { label: appName }]} />
      {application.error instanceof ApiError && application.error.status === 404 ? (
        <EmptyState>No application named {appName} has connected.</EmptyState>
      ) : (
        <QueryState query={application} label="the application">
          {(app) => (
            <Stack>
              <PageHeader
                title={app.appName}
                description={app.description ?? `Last seen ${when(app.seenAt)}`}
                actions={
                  <>
                    {canEdit && (
                      <Button variant="default" onClick={() => setEditing(true)}>
                        Describe
                      </Button>
                    )}
                    {canEdit && (
                      <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                        Delete
                      </Button>
                    )}
                  </>
                }
              />
              {app.url && (
                <Anchor href={app.url} target="_blank" rel="noopener noreferrer" size="sm">
                  {app.url}
                </Anchor>
              )}
              {editing && <ApplicationDetailsModal app={app} onClose={() => setEditing(false)} />}
              <ConfirmModal
                opened={deleting}
                title={`Delete ${app.appName}?`}
                confirmLabel="Delete application"
                loading={remove.isPending}
                onClose={() => setDeleting(false)}
                onConfirm={() =>
                  remove.mutate(app.appName, {
                    onSuccess: () => {
                      notifySuccess(`Deleted ${app.appName}`);
                      void navigate('/applications');
                    },
                    onError: (error) => notifyError(error, 'delete the application'),
                  })
                }
              >
                <Text size="sm">
                  Its instances and usage counts are removed. If one of its SDKs reports again, it comes back.
                </Text>
              </ConfirmModal>
              <Title order={2} size="h4">
                Overview
              </Title>
              <ApplicationOverviewPanel appName={app.appName} />
              <Title order={2} size="h4">
                Instances
              </Title>
              {app.instances.length === 0 ? (
                <Text size="sm">No instance has registered; the application only reported usage.</Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Instance</Table.Th>
                      <Table.Th>Environment</Table.Th>
                      <Table.Th>SDK</Table.Th>
                      <Table.Th>Last seen</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {app.instances.map((instance) => (
                      <Table.Tr key={`${instance.instanceId}/${instance.environment}`}>
                        <Table.Td>{instance.instanceId}</Table.Td>
                        <Table.Td>{instance.environment}</Table.Td>
                        <Table.Td>
                          {instance.sdkVersion ?? 'unknown'}{' '}
                          <Badge size="xs" variant="light">
                            {instance.sdkType}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{when(instance.lastSeen)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Title order={2} size="h4">
                Flags it evaluated
              </Title>
              {app.seenToggles.length === 0 ? (
                <Text size="sm">It has not reported evaluating any flag.</Text>
              ) : (
                <Group gap="xs">
                  {app.seenToggles.map((name) => (
                    <Badge key={name} variant="light" tt="none">
                      {name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          )}
        </QueryState>
      )}
    </>
  );
}
