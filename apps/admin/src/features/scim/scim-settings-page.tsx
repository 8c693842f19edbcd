import { Alert, Button, Code, CopyButton, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useScimSettings, useScimSettingsMutations } from './use-scim-settings.ts';
import { serverPath } from '../../api/base-path.ts';

/** SCIM provisioning: on or off, the endpoint to give the identity provider, and its token, shown once. */
export function ScimSettingsPage() {
  const allowed = usePermissions().can('ADMIN');
  const settings = useScimSettings(allowed);
  const { setEnabled, generateToken } = useScimSettingsMutations();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const endpoint = `${globalThis.location?.origin ?? ''}${serverPath('/scim/v2')}`;
  if (!allowed)
    return (
      <>
        <PageHeader title="SCIM provisioning" />
        <Alert color="gray">Only administrators can change SCIM provisioning.</Alert>
      </>
    );
  const generate = () =>
    generateToken.mutate(undefined, {
      onSuccess: (secret) => {
        setToken(secret);
        setConfirming(false);
      },
      onError: (error) => notifyError(error, 'generate a SCIM token'),
    });
  return (
    <>
      <PageHeader
        title="SCIM provisioning"
        description="Let your identity provider (Okta, Microsoft Entra ID, …) create, update, deactivate and remove users and groups. Users and groups it manages are marked SCIM and can only be changed there."
      />
      <QueryState query={settings} label="the SCIM settings">
        {(data) => (
          <Stack gap="md" maw={640}>
            <Switch
              label="SCIM provisioning"
              description="While off, the SCIM endpoint refuses every request, even with the token."
              checked={data.enabled}
              disabled={setEnabled.isPending}
              onChange={(event) =>
                setEnabled.mutate(event.currentTarget.checked, {
                  onError: (error) => notifyError(error, 'change SCIM provisioning'),
                })
              }
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                SCIM base URL
              </Text>
              <Group gap="xs">
                <Code>{endpoint}</Code>
                <CopyButton value={endpoint}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
            {token ? (
              <TokenSecret description="the SCIM token" secret={token} />
            ) : (
              <Group>
                <Button
                  variant={data.hasToken ? 'default' : 'filled'}
                  loading={generateToken.isPending}
                  onClick={() => (data.hasToken ? setConfirming(true) : generate())}
                >
                  {data.hasToken ? 'Generate a new token' : 'Generate a token'}
                </Button>
                <Text size="sm" c="dimmed">
                  {data.hasToken
                    ? 'A token exists. A new one replaces it at once.'
                    : 'No token yet: the identity provider needs one.'}
                </Text>
              </Group>
            )}
          </Stack>
        )}
      </QueryState>
      <ConfirmModal
        opened={confirming}
        title="Replace the SCIM token?"
        confirmLabel="Generate a new token"
        loading={generateToken.isPending}
        onConfirm={generate}
        onClose={() => setConfirming(false)}
      >
        The identity provider stops reaching Switchyard until you give it the new token.
      </ConfirmModal>
    </>
  );
}
