import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Segment } from '../../api/wire.ts';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { SegmentCells } from '../segments/segment-cells.tsx';
import { SegmentFormModal } from '../segments/segment-form-modal.tsx';
import { DeleteSegment } from '../segments/segments-page.tsx';
import { useSegments } from '../segments/use-segments.ts';

/** The segments that belong to one project: only its flags may use them; its owners manage them. */
export function ProjectSegments({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const segments = useSegments();
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const own = {
    data: segments.data?.filter((segment) => segment.project === projectId),
    isPending: segments.isPending,
    error: segments.error,
    refetch: segments.refetch,
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          Segments
        </Title>
        {canEdit && (
          <Button size="xs" onClick={() => setEditing('new')}>
            New project segment
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Segments only this project&apos;s flags can use, beside the global ones.
      </Text>
      <QueryState
        query={own}
        label="the project's segments"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>This project has no segments of its own.</EmptyState>}
      >
        {(list) => (
          <Table>
            <Table.Tbody>
              {list.map((segment) => (
                <Table.Tr key={segment.id}>
                  <SegmentCells segment={segment} />
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Edit segment ${segment.name}`}
                          onClick={() => setEditing(segment)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete segment ${segment.name}`}
                          onClick={() => setDeleting(segment)}
                        >
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
          project={projectId}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteSegment segment={deleting} onClose={() => setDeleting(null)} />}
    </Paper>
  );
}
