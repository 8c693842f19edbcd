import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { ContextFieldCells } from './context-field-cells.tsx';
import { ContextFieldModal } from './context-field-modal.tsx';
import { ContextFieldUsageModal } from './context-field-usage-modal.tsx';
import { LegalValuesModal } from './legal-values-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useContextFieldMutations, useContextFields } from './use-context-fields.ts';

export function ContextFieldsPage() {
  const fields = useContextFields();
  const canEdit = usePermissions().can('UPDATE_CONTEXT_FIELD');
  const [editing, setEditing] = useState<ContextField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContextField | null>(null);
  const [inspecting, setInspecting] = useState<ContextField | null>(null);
  const [valuesOf, setValuesOf] = useState<ContextField | null>(null);
  const { remove } = useContextFieldMutations();
  return (
    <>
      <PageHeader
        title="Context fields"
        description="The fields constraints can test, with their legal values; fields marked for stickiness can keep rollouts sticky."
        actions={canEdit && <Button onClick={() => setEditing('new')}>New context field</Button>}
      />
      <QueryState query={fields} label="context fields">
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Legal values</Table.Th>
                <Table.Th>Stickiness</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((field) => (
                <Table.Tr key={field.name}>
                  <ContextFieldCells field={field} />
                  <Table.Td>{field.stickiness ? 'yes' : 'no'}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setValuesOf(field)}>
                          Values
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setInspecting(field)}>
                          Used by
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(field)}>
                          Edit
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => setDeleting(field)}>
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
      {valuesOf && <LegalValuesModal field={valuesOf} onClose={() => setValuesOf(null)} />}
      {inspecting && <ContextFieldUsageModal field={inspecting.name} onClose={() => setInspecting(null)} />}
      {editing && (
        <ContextFieldModal field={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete context field ${deleting.name}?`}
          confirmLabel="Delete"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.name, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                setDeleting(null);
              },
              onError: (e) => notifyError(e, 'delete the context field'),
            })
          }
        >
          <Text size="sm">
            Its legal values are lost
            {deleting.usedInFeatures ? `, and ${deleting.usedInFeatures} flag(s) use it in constraints` : ''}.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
