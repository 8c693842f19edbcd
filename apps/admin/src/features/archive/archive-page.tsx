import { Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { FlagSearchItem } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { ArchivedBulkBar } from './archived-bulk-bar.tsx';
import type { ArchivedRef } from './archived-ref.ts';
import { useArchivedFlagActions, useArchivedFlags } from './use-archived-flags.ts';

const PAGE = 50;

/** Archived flags of every project: revive one, or delete it for good. */
export function ArchivePage() {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 250);
  const [page, setPage] = useState(1);
  const { can } = usePermissions();
  // The column shows when the caller may act in some project; each row then asks for the flag's own project.
  const canEdit = can('UPDATE_FEATURE') || can('DELETE_FEATURE');
  const archived = useArchivedFlags(query, page, PAGE);
  const { revive, remove } = useArchivedFlagActions();
  const [deleting, setDeleting] = useState<FlagSearchItem | null>(null);
  const [selected, setSelected] = useState<ArchivedRef[]>([]);
  const toggle = (flag: FlagSearchItem, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current, { name: flag.name, project: flag.project }]
        : current.filter((ref) => ref.name !== flag.name),
    );
  return (
    <>
      <PageHeader
        title="Archive"
        description="Archived flags are not served to SDKs. Revive one to use it again."
      />
      <TextInput
        label="Search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        w={260}
        mb="sm"
      />
      <ArchivedBulkBar selected={selected} onDone={() => setSelected([])} />
      <QueryState
        query={archived}
        label="archived flags"
        isEmpty={(d) => d.features.length === 0}
        empty={<EmptyState>No archived flags.</EmptyState>}
      >
        {(data) => (
          <>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {canEdit && <Table.Th aria-label="Select" />}
                  <Table.Th>Flag</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Archived</Table.Th>
                  {canEdit && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.features.map((flag) => (
                  <Table.Tr key={flag.name}>
                    {canEdit && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${flag.name}`}
                          checked={selected.some((ref) => ref.name === flag.name)}
                          onChange={(event) => toggle(flag, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text fw={500}>{flag.name}</Text>
                    </Table.Td>
                    <Table.Td>{flag.project}</Table.Td>
                    <Table.Td>{flag.archivedAt ? new Date(flag.archivedAt).toLocaleString() : '–'}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {can('UPDATE_FEATURE', { project: flag.project }) && (
                            <Button
                              size="xs"
                              variant="default"
                              loading={revive.isPending && revive.variables === flag.name}
                              onClick={() =>
                                revive.mutate(flag.name, {
                                  onSuccess: () => notifySuccess(`Revived ${flag.name}`),
                                  onError: (e) => notifyError(e, `revive ${flag.name}`),
                                })
                              }
                            >
                              Revive
                            </Button>
                          )}
                          {can('DELETE_FEATURE', { project: flag.project }) && (
                            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(flag)}>
                              Delete
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" mt="sm">
              <Pager total={Math.max(1, Math.ceil(data.total / PAGE))} value={page} onChange={setPage} />
            </Group>
          </>
        )}
      </QueryState>
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete ${deleting.name} for good?`}
          confirmLabel="Delete flag"
          typeToConfirm={deleting.name}
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.name, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                setDeleting(null);
              },
              onError: (e) => notifyError(e, 'delete the flag'),
            })
          }
        >
          <Text size="sm">
            Its strategies, variants, tags and dependencies are deleted, and the name becomes free to reuse.
            This cannot be undone.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
