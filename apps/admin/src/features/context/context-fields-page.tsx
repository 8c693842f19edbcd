import {
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { useNameCheck } from '../../api/use-name-check.ts';
import { ContextFieldCells } from './context-field-cells.tsx';
import { ContextFieldUsageModal } from './context-field-usage-modal.tsx';
import { LegalValuesModal } from './legal-values-modal.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
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

function ContextFieldModal({ field, onClose }: { field?: ContextField; onClose: () => void }) {
  const [name, setName] = useState(field?.name ?? '');
  const [description, setDescription] = useState(field?.description ?? '');
  const [stickiness, setStickiness] = useState(Boolean(field?.stickiness));
  const [values, setValues] = useState((field?.legalValues ?? []).map((v) => v.value));
  const [tried, setTried] = useState(false);
  const { save } = useContextFieldMutations();
  const errors = fieldErrors(save.error);
  const taken = useNameCheck('validateContextFieldName');
  const nameProblem = !name.trim()
    ? 'A name is required'
    : /\s/.test(name)
      ? 'No spaces in a context field name'
      : undefined;
  return (
    <Modal opened onClose={onClose} title={field ? `Edit ${field.name}` : 'New context field'}>
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          disabled={Boolean(field)}
          value={name}
          error={(tried ? nameProblem : undefined) ?? taken.problem ?? errorFor(errors, 'name')}
          onChange={(e) => {
            taken.clear();
            setName(e.currentTarget.value);
          }}
          onBlur={(e) => !field && void taken.check(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          value={description}
          error={errorFor(errors, 'description')}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <TagsInput
          label="Legal values"
          description="Constraints on this field offer these values"
          value={values}
          error={errorFor(errors, 'legalValues')}
          onChange={setValues}
        />
        <Switch
          label="Can be used for stickiness"
          checked={stickiness}
          onChange={(e) => setStickiness(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            onClick={() => {
              setTried(true);
              if (nameProblem) return;
              save.mutate(
                {
                  existing: Boolean(field),
                  name: name.trim(),
                  description,
                  stickiness,
                  legalValues: values.map((value) => ({ value })),
                },
                {
                  onSuccess: () => {
                    notifySuccess(`Saved ${name}`);
                    onClose();
                  },
                },
              );
            }}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
