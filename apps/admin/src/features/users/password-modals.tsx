import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { usePasswordCheck } from './use-password-check.ts';
import { changeMyPassword, setUserPassword } from './use-access.ts';

const MIN_LENGTH = 8;

/** The checks a new password gets before it is sent; the server repeats them. */
export function newPasswordProblems(password: string, confirmation: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (password.length < MIN_LENGTH) problems.password = `At least ${MIN_LENGTH} characters`;
  else if (confirmation !== password) problems.confirmPassword = 'Type the same password twice';
  return problems;
}

function PasswordForm({
  title,
  intro,
  askCurrent,
  submitLabel,
  send,
  onClose,
}: {
  title: string;
  intro: string;
  askCurrent: boolean;
  submitLabel: string;
  send: (body: { oldPassword?: string; password: string; confirmPassword: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form, setForm] = useState({ oldPassword: '', password: '', confirmPassword: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useMutation({ mutationFn: send });
  const strength = usePasswordCheck();
  const errors: Record<string, string> = {
    ...fieldErrors(save.error),
    ...(strength.problem ? { password: strength.problem } : {}),
    ...local,
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    error: errorFor(errors, name),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      if (name === 'password') strength.clear();
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = newPasswordProblems(form.password, form.confirmPassword);
    if (askCurrent && !form.oldPassword) problems.oldPassword = 'Your current password is required';
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      {
        ...(askCurrent ? { oldPassword: form.oldPassword } : {}),
        password: form.password,
        confirmPassword: form.confirmPassword,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{intro}</Text>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          {askCurrent && <PasswordInput label="Current password" {...field('oldPassword')} />}
          <PasswordInput
            label="New password"
            description={`At least ${MIN_LENGTH} characters.`}
            {...field('password')}
            onBlur={(event) => void strength.check(event.currentTarget.value)}
          />
          <PasswordInput label="New password again" {...field('confirmPassword')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signed-in user's own password; their other sessions end, this one stays. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  return (
    <PasswordForm
      title="Change your password"
      intro="You stay signed in here; every other browser where you are signed in is signed out."
      askCurrent
      submitLabel="Change password"
      send={async (body) => {
        await changeMyPassword(body);
        notifySuccess('Your password was changed');
      }}
      onClose={onClose}
    />
  );
}

/** An Admin sets someone else's password, for example when they forgot it. */
export function SetPasswordModal({
  user,
  onClose,
}: {
  user: { id: number; label: string };
  onClose: () => void;
}) {
  return (
    <PasswordForm
      title={`Set a password for ${user.label}`}
      intro={`${user.label} is signed out everywhere and signs in with the new password, which you pass on to them.`}
      askCurrent={false}
      submitLabel="Set password"
      send={async ({ password }) => {
        await setUserPassword(user.id, password);
        notifySuccess(`Set a new password for ${user.label}`);
      }}
      onClose={onClose}
    />
  );
}
