import { Button, Group, Switch, Table, Text } from '@mantine/core';
import { ActionsConfigList } from './actions-config-list.tsx';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useSignalEndpoints } from '../signals/use-signal-endpoints.ts';
import { ActionSetEventsModal } from './action-set-events-modal.tsx';
import { ActionSetFormModal } from './action-set-form-modal.tsx';
import { ACTION_LABELS } from './action-set-form.ts';
import { type ActionSet, useActionSetMutations, useActionSets } from './use-action-sets.ts';

/** A project's action sets: when a signal matches, turn flags on or off as a service account. Admins only. */
export function ProjectActionsPanel({
  projectId,
  environments,
}: {
  projectId: string;
  environments: string[];
}) {
  const sets = useActionSets(projectId);
  const endpoints = useSignalEndpoints();
  const { remove, setEnabled } = useActionSetMutations(projectId);
  const [editing, setEditing] = useState<{ actionSet?: ActionSet } | null>(null);
  const [logOf, setLogOf] = useState<ActionSet | null>(null);
  const [deleting, setDeleting] = useState<ActionSet | null>(null);
  const endpointName = (id: number) => endpoints.data?.find((e) => e.id === id)?.name ?? `endpoint ${id}`;
  return (
    <>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          When a signal endpoint receives a signal that meets the filters, the actions run within seconds.
        </Text>
        <Button onClick={() => setEditing({})}>New action set</Button>
      </Group>
      <QueryState
        query={sets}
        label="action sets"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No action sets in this project yet.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Action set</Table.Th>
                <Table.Th>Signals from</Table.Th>
                <Table.Th>Does</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((set) => (
                <Table.Tr key={set.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {set.name}
                    </Text>
                    {set.description && (
                      <Text size="xs" c="dimmed">
                        {set.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{endpointName(set.match.sourceId)}</Text>
                    <Text size="xs" c="dimmed">
                      {Object.keys(set.match.payload).length
                        ? Object.entries(set.match.payload)
                            .map(
                              ([field, f]) =>
                                `${field} ${f.inverted ? 'NOT ' : ''}${f.operator} ${(f.values ?? []).join(', ')}`,
                            )
                            .join(' · ')
                        : 'every signal'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {set.actions.map((action) => (
                      <Text size="xs" key={action.id}>
                        {ACTION_LABELS[action.action]}:{' '}
                        {action.executionParams.featureName ?? action.executionParams.tag} in{' '}
                        {action.executionParams.environment}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${set.name} runs`}
                      checked={set.enabled}
                      label={set.enabled ? 'Enabled' : 'Disabled'}
                      onChange={(event) => {
                        const enabled = event.currentTarget.checked;
                        setEnabled.mutate(
                          { id: set.id, enabled },
                          {
                            onSuccess: () => notifySuccess(`${set.name} ${enabled ? 'runs' : 'is paused'}`),
                            onError: (error) => notifyError(error, `switch ${set.name}`),
                          },
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setLogOf(set)}>
                        Event log
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setEditing({ actionSet: set })}>
                        Edit
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(set)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <ActionSetFormModal
          projectId={projectId}
          environments={environments}
          actionSet={editing.actionSet}
          onClose={() => setEditing(null)}
        />
      )}
      {logOf && (
        <ActionSetEventsModal projectId={projectId} actionSet={logOf} onClose={() => setLogOf(null)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete this action set?"
          confirmLabel="Delete action set"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess('Action set deleted');
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the action set'),
            })
          }
        >
          <Text size="sm">Its event log is deleted with it. To pause it, disable it instead.</Text>
        </ConfirmModal>
      )}
      <ActionsConfigList projectId={projectId} />
    </>
  );
}
