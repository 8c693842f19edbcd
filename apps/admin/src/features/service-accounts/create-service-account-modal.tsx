import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { ROOT_ROLES } from '../users/use-users.ts';
import { useServiceAccountMutations } from './use-service-accounts.ts';

/** The server's rule for service account usernames. */
export function usernameProblem(username: string): string | undefined {
  if (username.length < 2) return 'At least 2 characters';
  if (username.length > 100) return 'At most 100 characters';
  if (!/^[A-Za-z0-9._-]+$/.test(username)) return 'Letters, digits and . _ - only';
  return undefined;
}

/** Adds an account for a script or pipeline; it gets tokens afterwards. */
export function CreateServiceAccountModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ username: '', name: '', rootRole: '2' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const { create } = useServiceAccountMutations();
  const errors = { ...fieldErrors(create.error), ...local };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const username = form.username.trim();
    const problem = usernameProblem(username);
    setLocal(problem ? { username: problem } : {});
    if (problem) return;
    create.mutate(
      { username, name: form.name.trim() || undefined, rootRole: Number(form.rootRole) },
      {
        onSuccess: (account) => {
          notifySuccess(`Added service account ${account.username}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="New service account">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label="Username"
            description="Shown in the event log for what its tokens do."
            required
            value={form.username}
            error={errorFor(errors, 'username')}
            onChange={(e) => {
              const username = e.currentTarget.value;
              setForm((f) => ({ ...f, username }));
            }}
          />
          <TextInput
            label="Name"
            value={form.name}
            error={errorFor(errors, 'name')}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setForm((f) => ({ ...f, name }));
            }}
          />
          <Select
            label="Role"
            data={ROOT_ROLES.map(({ value, label }) => ({ value, label }))}
            value={form.rootRole}
            allowDeselect={false}
            error={errorFor(errors, 'rootRole')}
            onChange={(value) => value && setForm((f) => ({ ...f, rootRole: value }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add service account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
