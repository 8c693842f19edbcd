import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useLogin } from './use-session.ts';

/** Username and password sign-in; a wrong password keeps what was typed and says so plainly. */
export function LoginPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      username: username.trim() ? undefined : 'Enter your username or email',
      password: password ? undefined : 'Enter your password',
    };
    setMissing(problems);
    if (problems.username || problems.password) return;
    login.mutate({ username: username.trim(), password });
  };

  const error = login.error;
  const message =
    error instanceof ApiError && error.status === 401
      ? 'Wrong username or password'
      : error
        ? `Could not sign in: ${error.message}`
        : null;

  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={380}>
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack>
            <Title order={1} size="h2">
              Sign in to Switchyard
            </Title>
            {message && (
              <Alert color="red" role="alert" title="Not signed in">
                {message}
              </Alert>
            )}
            <TextInput
              label="Username or email"
              name="username"
              autoComplete="username"
              value={username}
              error={missing.username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              autoFocus
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              error={missing.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" loading={login.isPending}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
