import { PARAMETER_TYPES } from '@switchyard/rules';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import type { StrategyDefinition } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useStrategyDefinitionMutations, type ParameterInput } from './use-strategy-definitions.ts';

const TYPES = [...PARAMETER_TYPES];

/** Defines a custom strategy: its name and the parameters the strategy editor will ask for. */
export function StrategyDefinitionModal({
  definition,
  onClose,
}: {
  definition?: StrategyDefinition;
  onClose: () => void;
}) {
  const [name, setName] = useState(definition?.name ?? '');
  const [title, setTitle] = useState(definition?.title ?? '');
  const [description, setDescription] = useState(definition?.description ?? '');
  const [parameters, setParameters] = useState<ParameterInput[]>(
    // The server answers a parameter's type as a string, but it only stores the types it accepts on save.
    (definition?.parameters ?? []) as ParameterInput[],
  );
  const [tried, setTried] = useState(false);
  const { save } = useStrategyDefinitionMutations();
  const errors = fieldErrors(save.error);
  const nameProblem = !/^[A-Za-z0-9_.~-]+$/.test(name) ? 'Letters, digits and . _ ~ - only' : undefined;
  const paramProblem = (p: ParameterInput, i: number) =>
    !p.name.trim()
      ? 'A name is required'
      : parameters.findIndex((q) => q.name === p.name) !== i
        ? 'Names must be unique'
        : undefined;
  const update = (index: number, patch: Partial<ParameterInput>) =>
    setParameters((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const submit = () => {
    setTried(true);
    if (nameProblem || parameters.some(paramProblem)) return;
    save.mutate(
      { existing: Boolean(definition), name, title, description, parameters },
      {
        onSuccess: () => {
          notifySuccess(`Saved strategy ${name}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={definition ? `Edit ${definition.name}` : 'New custom strategy'}
    >
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          disabled={Boolean(definition)}
          value={name}
          error={(tried ? nameProblem : undefined) ?? errorFor(errors, 'name')}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        {parameters.map((parameter, index) => (
          <Paper key={index} withBorder p="sm" role="group" aria-label={`Parameter ${index + 1}`}>
            <Group align="flex-end" grow>
              <TextInput
                label={`Parameter ${index + 1} name`}
                value={parameter.name}
                error={
                  (tried ? paramProblem(parameter, index) : undefined) ??
                  errorFor(errors, `parameters.${index}`)
                }
                onChange={(e) => update(index, { name: e.currentTarget.value })}
              />
              <Select
                label="Type"
                data={TYPES}
                value={parameter.type}
                allowDeselect={false}
                onChange={(type) => update(index, { type: TYPES.find((t) => t === type) ?? 'string' })}
              />
            </Group>
            <TextInput
              mt="xs"
              label="Description"
              value={parameter.description ?? ''}
              onChange={(e) => update(index, { description: e.currentTarget.value })}
            />
            <Group justify="space-between" mt="xs">
              <Checkbox
                label="Required"
                checked={Boolean(parameter.required)}
                onChange={(e) => update(index, { required: e.currentTarget.checked })}
              />
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setParameters((list) => list.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </Group>
          </Paper>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() =>
            setParameters((list) => [...list, { name: '', type: 'string', description: '', required: false }])
          }
        >
          Add parameter
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
