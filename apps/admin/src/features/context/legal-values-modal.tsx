import { Badge, Button, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ContextField } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError } from '../../ui/notify.ts';
import { useContextFields } from './use-context-fields.ts';
import { useLegalValueMutations } from './use-context-field-details.ts';

/** Adds or removes one legal value at a time, so two people editing different values do not overwrite each other. */
export function LegalValuesModal({ field, onClose }: { field: ContextField; onClose: () => void }) {
  const fields = useContextFields();
  const current = fields.data?.find((f) => f.name === field.name) ?? field;
  const values = current.legalValues ?? [];
  const { add, remove } = useLegalValueMutations(field.name);
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const errors = fieldErrors(add.error);
  return (
    <Modal opened onClose={onClose} title={`Legal values of ${field.name}`}>
      <Stack>
        <Group gap={6}>
          {values.length === 0 && (
            <Text size="sm" c="dimmed">
              Any value is allowed.
            </Text>
          )}
          {values.map((legal) => (
            <Badge
              key={legal.value}
              variant="light"
              tt="none"
              title={legal.description}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${legal.value}`}
                  onClick={() =>
                    remove.mutate(legal.value, { onError: (error) => notifyError(error, 'remove the value') })
                  }
                />
              }
            >
              {legal.value}
            </Badge>
          ))}
        </Group>
        <Group align="flex-start" grow>
          <TextInput
            label="Value"
            value={value}
            error={errorFor(errors, 'value') ?? errors.form}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button
            disabled={!value.trim()}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { value: value.trim(), description: description.trim() || undefined },
                {
                  onSuccess: () => {
                    setValue('');
                    setDescription('');
                  },
                },
              )
            }
          >
            Add value
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
