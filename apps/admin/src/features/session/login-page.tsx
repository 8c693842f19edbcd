import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { FORGOT_PASSWORD_PATH } from '../password-reset/password-reset-paths.ts';
import { useLogin, useSignInMethods } from './use-session.ts';
import { appPath, serverPath } from '../../api/base-path.ts';

/** Where single sign-on should come back to: this page, without the error a failed attempt left in the URL. */
export function ssoReturnPath(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete('sso-error');
  const query = params.toString();
  // A path inside the app: the server's redirect adds the base path.
  return `${appPath(location.pathname)}${query ? `?${query}` : ''}`;
}

/**
 * Username and password sign-in, and single sign-on when the server has it; a wrong password keeps what was
 * typed and says so plainly, and a failed single sign-on says why.
 */
export function LoginPage() {
  const methods = useSignInMethods();
  const ssoError = new URLSearchParams(window.location.search).get('sso-error');
  const sso = [methods.data?.oidc, methods.data?.saml].filter((button) => !!button);
  // Without an answer, the password form shows: it is the method every server starts with.
  const passwordAllowed = methods.data?.password !== false;
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
            {ssoError && (
              <Alert color="red" role="alert" title="Single sign-on failed">
                {ssoError}
              </Alert>
            )}
            {sso.map((button) => (
              <Button
                key={button.path}
                component="a"
                variant="default"
                href={`${button.path}?redirect=${encodeURIComponent(ssoReturnPath(window.location))}`}
              >
                {button.buttonText}
              </Button>
            ))}
            {sso.length > 0 && passwordAllowed && (
              <Divider label="or with a password" labelPosition="center" />
            )}
            {message && (
              <Alert color="red" role="alert" title="Not signed in">
                {message}
              </Alert>
            )}
            {passwordAllowed && (
              <>
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
                <Anchor href={serverPath(FORGOT_PASSWORD_PATH)} size="sm" ta="center">
                  Forgot password?
                </Anchor>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
