import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { useInviteLinkValid, useSignUp } from './use-sign-up.ts';

/** Checks what can be checked before sending; the server has the last word (a taken email). */
export function signUpProblems(form: {
  name: string;
  email: string;
  password: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.name.trim()) problems.name = 'Your name is required';
  if (!/^\S+@\S+\.\S+$/.test(form.email.trim())) problems.email = 'An email address such as you@example.com';
  if (form.password.length < 8) problems.password = 'At least 8 characters';
  return problems;
}

/** Where an invite link leads: create your own account, and you are signed in. */
export function SignUpPage({ secret, onDone }: { secret: string; onDone: () => void }) {
  const valid = useInviteLinkValid(secret);
  const signUp = useSignUp(secret, onDone);
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(signUp.error), ...local };
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = signUpProblems(form);
    setLocal(problems);
    if (Object.keys(problems).length) return;
    signUp.mutate({ name: form.name.trim(), email: form.email.trim(), password: form.password });
  };
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={420}>
        <Stack>
          <Title order={1} size="h2">
            Join Switchyard
          </Title>
          {valid.isPending ? (
            <Center role="status" aria-label="Checking the invite link">
              <Loader size="sm" />
            </Center>
          ) : valid.error ? (
            <Alert color="red" role="alert" title="This invite link cannot be used">
              It expired, was turned off or never existed. Ask whoever sent it for a new one.
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Create your account">
              <Stack>
                {errors.form && (
                  <Alert color="red" role="alert">
                    {errors.form}
                  </Alert>
                )}
                <TextInput
                  label="Name"
                  autoComplete="name"
                  value={form.name}
                  error={errorFor(errors, 'name')}
                  onChange={(e) => set('name')(e.currentTarget.value)}
                />
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  value={form.email}
                  error={errorFor(errors, 'email')}
                  onChange={(e) => set('email')(e.currentTarget.value)}
                />
                <PasswordInput
                  label="Password"
                  description="At least 8 characters"
                  autoComplete="new-password"
                  value={form.password}
                  error={errorFor(errors, 'password')}
                  onChange={(e) => set('password')(e.currentTarget.value)}
                />
                <Button type="submit" loading={signUp.isPending}>
                  Create account
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
