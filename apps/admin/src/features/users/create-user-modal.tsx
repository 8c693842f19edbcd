import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { usePasswordCheck } from './use-password-check.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { ROOT_ROLES, useUserMutations } from './use-users.ts';

type Form = { name: string; username: string; email: string; password: string; rootRole: string };

/** Checks what can be checked before sending; the server has the last word (a taken username, a bad email). */
export function userFormProblems(form: Form): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.username.trim() && !form.email.trim()) problems.username = 'A username or an email is required';
  if (form.password.length < 8) problems.password = 'At least 8 characters';
  return problems;
}

/** Adds a person who signs in with their username or email and a password, with a root role. */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState<Form>({ name: '', username: '', email: '', password: '', rootRole: '3' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const { create } = useUserMutations();
  const strength = usePasswordCheck();
  const errors: Record<string, string> = {
    ...fieldErrors(create.error),
    ...(strength.problem ? { password: strength.problem } : {}),
    ...local,
  };
  const set = (field: keyof Form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = userFormProblems(form);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    const text = (value: string) => value.trim() || undefined;
    create.mutate(
      {
        name: text(form.name),
        username: text(form.username),
        email: text(form.email),
        password: form.password,
        rootRole: Number(form.rootRole),
      },
      {
        onSuccess: (user) => {
          const welcome = user.emailSent ? `; a welcome email went to ${user.email}` : '';
          notifySuccess(`Added ${user.name ?? user.username ?? user.email}${welcome}`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="New user">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label="Name"
            value={form.name}
            error={errorFor(errors, 'name')}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <TextInput
            label="Username"
            description="A username, an email, or both; either signs in."
            value={form.username}
            error={errorFor(errors, 'username')}
            onChange={(e) => set('username')(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            value={form.email}
            error={errorFor(errors, 'email')}
            onChange={(e) => set('email')(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters. Tell it to the user; they sign in with it."
            required
            value={form.password}
            error={errorFor(errors, 'password')}
            onChange={(e) => {
              strength.clear();
              set('password')(e.currentTarget.value);
            }}
            onBlur={(e) => void strength.check(e.currentTarget.value)}
          />
          <Select
            label="Role"
            data={ROOT_ROLES.map(({ value, label }) => ({ value, label }))}
            value={form.rootRole}
            onChange={(value) => value && set('rootRole')(value)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
