import { Alert, Button, Group, Modal, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNameCheck } from '../../api/use-name-check.ts';
import type { ContextField } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useContextFieldMutations } from './use-context-fields.ts';

/** Create or edit a context field: global, or with `projectId` one of that project's own. */
export function ContextFieldModal({
  field,
  projectId,
  onClose,
}: {
  field?: ContextField;
  projectId?: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(field?.name ?? '');
  const [description, setDescription] = useState(field?.description ?? '');
  const [stickiness, setStickiness] = useState(Boolean(field?.stickiness));
  const [values, setValues] = useState((field?.legalValues ?? []).map((v) => v.value));
  const [tried, setTried] = useState(false);
  const { save } = useContextFieldMutations(projectId);
  const errors = fieldErrors(save.error);
  const taken = useNameCheck('validateContextFieldName');
  const nameProblem = !name.trim()
    ? 'A name is required'
    : /\s/.test(name)
      ? 'No spaces in a context field name'
      : undefined;
  return (
    <Modal
      opened
      onClose={onClose}
      title={
        field ? `Edit ${field.name}` : projectId ? `New context field in ${projectId}` : 'New context field'
      }
    >
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
          // The global check: a project's field may not take a global field's name either.
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
