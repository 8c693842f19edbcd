import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { currentLink, useInviteLinkMutations, useInviteLinks } from './use-invite-links.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Lets admins share one link through which people create their own Viewer account. */
export function InviteLinkPanel() {
  const links = useInviteLinks(true);
  const { create, setEnabled } = useInviteLinkMutations();
  const link = links.data && currentLink(links.data);
  // The address is in the answer that created the link and nowhere else: the server keeps only a hash of it.
  const url = link && create.data?.createdAt === link.createdAt ? create.data.url : undefined;
  return (
    <Paper withBorder p="md" mb="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Invite link
        </Title>
        {links.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the invite link…
          </Text>
        ) : link ? (
          <>
            <Text size="sm">
              Anyone with this link can create their own account as a {link.role.name} until{' '}
              {new Date(link.expiresAt).toLocaleDateString()}. {link.users.length} signed up with it so far.
            </Text>
            {url ? (
              <>
                <Code block data-testid="invite-link-url">
                  {url}
                </Code>
                <Text size="xs" c="dimmed">
                  Copy it now: it is shown only this once.
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed" data-testid="invite-link-hidden">
                The link was shown once, when it was created: like API tokens, it is stored so that nobody can
                read it back. To share one again, turn this one off and create a new one.
              </Text>
            )}
            <Group gap="xs">
              {url && (
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              )}
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={setEnabled.isPending}
                onClick={() =>
                  setEnabled.mutate(
                    { secret: link.secret, enabled: false },
                    {
                      onSuccess: () => notifySuccess('The invite link no longer works'),
                      onError: (error) => notifyError(error, 'turn the invite link off'),
                    },
                  )
                }
              >
                Turn off
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="space-between">
            <Text size="sm">
              Share a link through which people create their own Viewer account. It works for a week.
            </Text>
            <Button
              size="xs"
              loading={create.isPending}
              onClick={() =>
                create.mutate(
                  { name: 'Invite link', expiresAt: new Date(Date.now() + WEEK_MS).toISOString() },
                  { onError: (error) => notifyError(error, 'create an invite link') },
                )
              }
            >
              Create invite link
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
