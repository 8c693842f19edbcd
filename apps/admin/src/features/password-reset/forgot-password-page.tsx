import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { useRequestReset } from './use-password-reset.ts';
import { serverPath } from '../../api/base-path.ts';

/**
 * Asks for a reset link by email. The answer never says whether the address has an account, but does say whether the
 * server sends email at all, so the page never promises an email that cannot come.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const request = useRequestReset();
  const errors = fieldErrors(request.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const problem = /^\S+@\S+\.\S+$/.test(address) ? undefined : 'An email address such as you@example.com';
    setMissing(problem);
    if (!problem) request.mutate(address);
  };
  const tooMany = request.error instanceof ApiError && request.error.status === 429;
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" w={420}>
        <Stack>
          <Title order={1} size="h2">
            Forgot your password?
          </Title>
          {request.isSuccess && !request.data.emailEnabled ? (
            <Alert color="yellow" role="status" title="No email sent">
              This Switchyard server does not send email, so no link is on its way. Ask a Switchyard
              administrator for a reset link: they make one on the Users page with Reset password.
            </Alert>
          ) : request.isSuccess ? (
            <Alert color="green" role="status" title="Check your email">
              If an account uses {email.trim()}, an email with a link to choose a new password is on its way.
              The link works once, for 24 hours. No email? Ask a Switchyard administrator to reset your
              password.
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Ask for a password-reset link">
              <Stack>
                <Text size="sm">
                  Type the email address of your account and we send you a link to choose a new password.
                </Text>
                {(tooMany || errors.form) && (
                  <Alert color="red" role="alert" title="Not sent">
                    {tooMany ? 'Too many requests from here. Try again in a few minutes.' : errors.form}
                  </Alert>
                )}
                <TextInput
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  value={email}
                  error={missing ?? (tooMany ? undefined : errorFor(errors, 'email'))}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  autoFocus
                />
                <Button type="submit" loading={request.isPending}>
                  Email me a link
                </Button>
              </Stack>
            </form>
          )}
          <Anchor href={serverPath('/')} size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
