import { Alert, Button, Code, CopyButton, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useAdminResetLink, useUiConfig } from './use-password-reset.ts';

/**
 * An admin makes a password-reset link for a user: emailed to them when the server sends email and they have an
 * address, and always shown here to copy, for when it was not.
 */
export function ResetLinkModal({
  user,
  onClose,
}: {
  user: { id: number; label: string; email: string | null };
  onClose: () => void;
}) {
  const config = useUiConfig();
  const make = useAdminResetLink();
  const emails = config.data?.emailEnabled === true && user.email !== null;
  const made = make.data;
  return (
    <Modal opened onClose={onClose} title={`Reset the password of ${user.label}`}>
      <Stack>
        {config.isPending ? (
          <Loading />
        ) : made ? (
          <>
            <Text size="sm">
              {made.emailSent
                ? `The link was emailed to ${user.email}. You can also pass it on yourself:`
                : `Pass this link on to ${user.label}:`}{' '}
              it works once, for 24 hours, and their current password keeps working until they use it.
            </Text>
            <Code block data-testid="reset-link" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {made.resetPasswordUrl}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={made.resetPasswordUrl}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
              </CopyButton>
              <Button variant="default" onClick={onClose}>
                Done
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">
              {emails
                ? `Switchyard emails ${user.email} a link to choose a new password, and shows it to you too.`
                : `Switchyard does not send email${config.data?.emailEnabled ? ` to users without an address` : ''}: you get a link to choose a new password and pass it on to ${user.label}.`}
            </Text>
            {(make.error || config.error) && (
              <Alert color="red" role="alert" title="No link made">
                {(make.error ?? config.error)?.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button loading={make.isPending} onClick={() => make.mutate(user.id)}>
                {emails ? 'Email a reset link' : 'Make a reset link'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

function Loading() {
  return (
    <Group justify="center" role="status" aria-label="Loading">
      <Loader size="sm" />
    </Group>
  );
}
