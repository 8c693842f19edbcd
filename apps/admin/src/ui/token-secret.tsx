import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The secret of a token just created: the one time anyone sees it, since the server keeps only a hash.
 * `actions` sit beside the copy button.
 */
export function TokenSecret({
  description,
  secret,
  actions,
}: {
  description: string;
  secret: string;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      {/* No coloured title: yellow headings fall short of AA contrast, so the warning leads in bold instead. */}
      <Alert color="yellow">
        <Text size="sm">
          <b>Copy the secret now.</b> It will not be shown again: Switchyard keeps only a hash of it. If you
          lose it, delete the token and create a new one.
        </Text>
      </Alert>
      <Text size="sm">
        Secret of <b>{description}</b>; send it in the Authorization header.
      </Text>
      {/* Wrapped rather than scrolled, so the whole secret is visible and no unfocusable scroll area appears. */}
      <Code block data-testid="token-secret" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy secret'}</Button>}
        </CopyButton>
        {actions}
      </Group>
    </Stack>
  );
}
