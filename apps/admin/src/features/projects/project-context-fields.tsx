import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/wire.ts';
import { ContextFieldCells } from '../context/context-field-cells.tsx';
import { ContextFieldModal } from '../context/context-field-modal.tsx';
import { useContextFieldMutations, useProjectContextFields } from '../context/use-context-fields.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';

/** The context fields that belong to one project: its constraints can test them; other projects do not see them. */
export function ProjectContextFields({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const fields = useProjectContextFields(projectId);
  const { save, remove } = useContextFieldMutations(projectId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<ContextField | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const errors = fieldErrors(save.error);
  const add = () =>
    save.mutate(
      { existing: false, name: name.trim(), description: description.trim() },
      {
        onSuccess: () => {
          notifySuccess(`Context field "${name.trim()}" added to the project`);
          setName('');
          setDescription('');
        },
      },
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="project-context-fields">
      <Title id="project-context-fields" order={2} size="h4" mb="xs">
        Project context fields
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Fields only this project's constraints can test, beside the global ones.
      </Text>
      <Stack>
        <QueryState
          query={fields}
          label="the project's context fields"
          isEmpty={(list) => list.length === 0}
          empty={<Text size="sm">This project has no context fields of its own.</Text>}
        >
          {(list) => (
            <Table>
              <Table.Tbody>
                {list.map((field) => (
                  <Table.Tr key={field.name}>
                    <ContextFieldCells field={field} />
                    {canEdit && (
                      <Table.Td align="right">
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`Edit ${field.name}`}
                            onClick={() => setEditing(field)}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="subtle"
                            onClick={() => setDeleting(field.name)}
                          >
                            Delete {field.name}
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
        {canEdit && (
          <Group align="flex-end">
            <TextInput
              label="New field name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorFor(errors, 'name')}
            />
            <TextInput
              label="Field description"
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <Button onClick={add} loading={save.isPending} disabled={!name.trim()}>
              Add field
            </Button>
          </Group>
        )}
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
      </Stack>
      {editing && (
        <ContextFieldModal field={editing} projectId={projectId} onClose={() => setEditing(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete the context field "${deleting}"?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!, {
            onSuccess: () => notifySuccess(`Context field "${deleting}" deleted`),
            onError: (error) => notifyError(error, 'delete the context field'),
            onSettled: () => setDeleting(null),
          })
        }
      >
        Constraints that test it stop matching on it.
      </ConfirmModal>
    </Paper>
  );
}
