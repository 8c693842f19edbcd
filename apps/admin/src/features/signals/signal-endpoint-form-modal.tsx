import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { type SignalEndpoint, useSignalEndpointMutations } from './use-signal-endpoints.ts';

/** Creates or changes a signal endpoint: its name is part of its URL. */
export function SignalEndpointFormModal({
  endpoint,
  onClose,
}: {
  endpoint?: SignalEndpoint;
  onClose: () => void;
}) {
  const { save } = useSignalEndpointMutations();
  const [name, setName] = useState(endpoint?.name ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const errors = fieldErrors(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: endpoint?.id, body: { name: name.trim(), description: description.trim() || null, enabled } },
      {
        onSuccess: () => {
          notifySuccess(
            endpoint ? 'Signal endpoint saved' : 'Signal endpoint created: add a token to call it',
          );
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={endpoint ? 'Edit signal endpoint' : 'New signal endpoint'}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            description="Part of the URL: /api/signal-endpoint/<name>. Letters, digits, dots, dashes and underscores."
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorFor(errors, 'name')}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errorFor(errors, 'description')}
          />
          <Checkbox
            label="Enabled (a disabled endpoint answers 404)"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
