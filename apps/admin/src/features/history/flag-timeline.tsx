import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { useFlagTimeline, useRestoreFlag } from './use-history.ts';

type Share = { enabled: number; variants: Record<string, number> } | null;

const percent = (share: Share) => (share ? `${Math.round(share.enabled * 1000) / 10}%` : '—');
const variants = (share: Share) =>
  share && Object.keys(share.variants).length
    ? Object.entries(share.variants)
        .map(([name, part]) => `${name} ${Math.round(part * 1000) / 10}%`)
        .join(', ')
    : '';

/**
 * What SDKs were served for a flag in one environment, change by change: when, who, through which change request,
 * and how many of 1,000 generated users got it before and after. Each change can be restored, after a confirmation.
 */
export function FlagTimeline({
  projectId,
  flagName,
  environments,
  canRestore,
}: {
  projectId: string;
  flagName: string;
  environments: string[];
  canRestore: boolean;
}) {
  const [environment, setEnvironment] = useState(environments[0] ?? '');
  const [restoring, setRestoring] = useState<string | undefined>();
  const timeline = useFlagTimeline(projectId, flagName, environment);
  const restore = useRestoreFlag(projectId, flagName, environment);
  return (
    <Stack>
      <Select
        label="Environment"
        data={environments}
        value={environment}
        onChange={(value) => setEnvironment(value ?? '')}
        allowDeselect={false}
        w={240}
      />
      <QueryState query={timeline} label="the flag's timeline">
        {(data) =>
          data.changes.length === 0 ? (
            <EmptyState>No recorded change of this flag in {environment} yet.</EmptyState>
          ) : (
            <Table aria-label={`Timeline of ${flagName} in ${environment}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Users with the flag</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.changes.map((change) => (
                  <Table.Tr key={change.recordingId}>
                    <Table.Td>{new Date(change.at).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge variant="light">{change.change}</Badge>
                        {change.parts.map((part) => (
                          <Badge key={part} variant="outline" color="gray">
                            {part}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {change.createdBy.join(', ') || '—'}
                      {change.changeRequestId !== null && (
                        <Text size="xs" c="dimmed">
                          change request #{change.changeRequestId}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {percent(change.shareBefore)} → {percent(change.shareAfter)}
                      <Text size="xs" c="dimmed">
                        {variants(change.shareAfter)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canRestore && change.change !== 'removed' && (
                        <Button size="xs" variant="default" onClick={() => setRestoring(change.at)}>
                          Restore
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {restore.data?.outcome === 'change-request' && (
        <Alert color="blue">
          Change requests are on in {environment}: the restore was added to your draft change request #
          {restore.data.changeRequestId}.
        </Alert>
      )}
      <ConfirmModal
        opened={restoring !== undefined}
        title={`Restore ${flagName} in ${environment}?`}
        confirmLabel="Restore"
        loading={restore.isPending}
        onClose={() => setRestoring(undefined)}
        onConfirm={() =>
          restore.mutate(restoring!, {
            onSuccess: (result) => {
              setRestoring(undefined);
              notifySuccess(
                result.outcome === 'applied'
                  ? `${flagName} is served in ${environment} as it was then`
                  : result.outcome === 'unchanged'
                    ? 'Nothing to restore: it is served that way now'
                    : 'Added to your draft change request',
              );
            },
            onError: (error) => notifyError(error, 'restore the flag'),
          })
        }
      >
        Its strategies, variants and on/off state in {environment} go back to how SDKs were served them at{' '}
        {restoring ? new Date(restoring).toLocaleString() : ''}. This is one ordinary change, recorded like
        any other.
      </ConfirmModal>
    </Stack>
  );
}
