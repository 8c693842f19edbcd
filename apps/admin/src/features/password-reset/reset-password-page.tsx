import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { newPasswordProblems } from '../users/password-modals.tsx';
import { FORGOT_PASSWORD_PATH } from './password-reset-paths.ts';
import { useResetLink, useSetPasswordWithLink } from './use-password-reset.ts';
import { serverPath } from '../../api/base-path.ts';

/**
 * Where a welcome or reset link leads: choose a password, then sign in with it. A link that expired or was used
 * says so and offers a new one.
 */
export function ResetPasswordPage({ token, welcome }: { token: string; welcome: boolean }) {
  const link = useResetLink(token);
  const save = useSetPasswordWithLink();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(save.error), ...local };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = newPasswordProblems(form.password, form.confirmPassword);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate({ token, password: form.password });
  };
  const who = link.data && (link.data.username ?? link.data.email ?? link.data.name);
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={420}>
        <Stack>
          <Title order={1} size="h2">
            {welcome ? 'Welcome to Switchyard' : 'Choose a new password'}
          </Title>
          {link.isPending ? (
            <Center role="status" aria-label="Checking the link">
              <Loader size="sm" />
            </Center>
          ) : link.error || errors.token ? (
            <Alert color="red" role="alert" title="This link cannot be used">
              It expired or was used already.{' '}
              <Anchor href={serverPath(FORGOT_PASSWORD_PATH)}>Ask for a new link</Anchor> or ask a Switchyard
              administrator.
            </Alert>
          ) : save.isSuccess ? (
            <>
              <Alert color="green" role="status" title="Your password is set">
                Sign in with it now{who ? ` as ${who}` : ''}.
              </Alert>
              <Button component="a" href={serverPath('/')}>
                Sign in
              </Button>
            </>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Set your password">
              <Stack>
                {who && (
                  <Text size="sm">
                    {welcome ? 'Set the password of your account' : 'A new password for'}{' '}
                    <strong>{who}</strong>.
                  </Text>
                )}
                {errors.form && (
                  <Alert color="red" role="alert">
                    {errors.form}
                  </Alert>
                )}
                <PasswordInput
                  label="New password"
                  description="At least 8 characters"
                  autoComplete="new-password"
                  value={form.password}
                  error={errorFor(errors, 'password')}
                  onChange={(e) => {
                    const password = e.currentTarget.value;
                    setForm((f) => ({ ...f, password }));
                  }}
                  autoFocus
                />
                <PasswordInput
                  label="New password again"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  error={errorFor(errors, 'confirmPassword')}
                  onChange={(e) => {
                    const confirmPassword = e.currentTarget.value;
                    setForm((f) => ({ ...f, confirmPassword }));
                  }}
                />
                <Button type="submit" loading={save.isPending}>
                  Set password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
