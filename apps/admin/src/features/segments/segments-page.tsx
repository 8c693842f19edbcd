import type { Segment } from '../../api/wire.ts';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { SegmentCells } from './segment-cells.tsx';
import { SegmentFormModal } from './segment-form-modal.tsx';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { useSegmentMutations, useSegments, useSegmentUsage } from './use-segments.ts';

export function SegmentsPage() {
  const segments = useSegments();
  const canEdit = usePermissions().can('UPDATE_SEGMENT');
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  return (
    <>
      <PageHeader
        title="Segments"
        description="Reusable sets of constraints; a strategy that uses a segment requires all of its constraints."
        actions={canEdit && <Button onClick={() => setEditing('new')}>New segment</Button>}
      />
      <QueryState
        query={segments}
        label="segments"
        isEmpty={(l) => l.length === 0}
        empty={<EmptyState>No segments yet.</EmptyState>}
      >
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Constraints</Table.Th>
                <Table.Th>Used in</Table.Th>
                <Table.Th>Available to</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((segment) => (
                <Table.Tr key={segment.id}>
                  <SegmentCells segment={segment} />
                  <Table.Td>
                    {segment.usedInFeatures ?? 0} flag(s), {segment.usedInProjects ?? 0} project(s)
                  </Table.Td>
                  <Table.Td>{segment.project ?? 'every project'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(segment)}>
                          Edit
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setDeleting(segment)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <SegmentFormModal
          segment={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteSegment segment={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

/** Confirms deleting a segment, naming the strategies that still use it. */
export function DeleteSegment({ segment, onClose }: { segment: Segment; onClose: () => void }) {
  const usage = useSegmentUsage(segment.id);
  const { remove } = useSegmentMutations();
  const draftIn = useDraftEnvironment(segment.project);
  const used = usage.data ?? [];
  return (
    <ConfirmModal
      opened
      title={`Delete segment ${segment.name}?`}
      confirmLabel={draftIn ? 'Add to draft' : 'Delete segment'}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(segment, {
          onSuccess: (written) => {
            if (written === 'written') notifySuccess(`Deleted segment ${segment.name}`);
            onClose();
          },
          onError: (e) => notifyError(e, 'delete the segment'),
        })
      }
    >
      <Text size="sm">
        {used.length
          ? `It is used by ${used.length} strateg${used.length === 1 ? 'y' : 'ies'} (${used.map((u) => u.featureName).join(', ')}); the server refuses to delete a segment in use.`
          : 'Its constraints are lost. No strategy uses it.'}
      </Text>
    </ConfirmModal>
  );
}
