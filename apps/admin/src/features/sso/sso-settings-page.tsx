import { Alert, Code, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SsoProviderForm, type FieldSpec } from './sso-provider-form.tsx';
import {
  useOidcSettings,
  usePasswordSettings,
  useSamlSettings,
  useSaveAuthSettings,
} from './use-sso-settings.ts';

const SIGN_UP_FIELDS: FieldSpec[] = [
  { name: 'buttonText', label: 'Button text', kind: 'text', description: 'On the sign-in page.' },
  {
    name: 'autoCreate',
    label: 'Create users on their first sign-in',
    kind: 'switch',
    description: 'Otherwise only people who already have a user (matched by email) can sign in.',
  },
  { name: 'defaultRootRole', label: 'Root role of new users', kind: 'role' },
  {
    name: 'emailDomains',
    label: 'Email domains',
    kind: 'text',
    description: 'Comma-separated; only these domains get a user on first sign-in. Empty allows all.',
  },
  {
    name: 'enableGroupSyncing',
    label: 'Sync groups',
    kind: 'switch',
    description: "At each sign-in, put the user in the groups whose SSO mappings name the provider's groups.",
  },
];

const OIDC_FIELDS: FieldSpec[] = [
  { name: 'enabled', label: 'Enable OpenID Connect', kind: 'switch' },
  {
    name: 'discoverUrl',
    label: 'Issuer URL',
    kind: 'text',
    description: 'Where /.well-known/openid-configuration lives (that URL itself works too).',
  },
  { name: 'clientId', label: 'Client ID', kind: 'text' },
  { name: 'secret', label: 'Client secret', kind: 'secret', description: 'Write-only: never shown again.' },
  ...SIGN_UP_FIELDS,
  {
    name: 'groupJsonPath',
    label: 'Groups claim',
    kind: 'text',
    description: 'The claim listing the groups.',
  },
];

const SAML_FIELDS: FieldSpec[] = [
  { name: 'enabled', label: 'Enable SAML 2.0', kind: 'switch' },
  { name: 'entityId', label: 'Identity provider entity ID', kind: 'text', description: 'Its issuer.' },
  {
    name: 'signOnUrl',
    label: 'Single sign-on URL',
    kind: 'text',
    description: 'Its HTTP-Redirect endpoint.',
  },
  {
    name: 'certificate',
    label: 'X.509 signing certificate',
    kind: 'textarea',
    description: 'PEM. Every assertion must be signed with it.',
  },
  ...SIGN_UP_FIELDS,
  {
    name: 'groupJsonPath',
    label: 'Groups attribute',
    kind: 'text',
    description: 'The attribute listing the groups.',
  },
];

/** Single sign-on and password login: how people sign in. Admins only. */
export function SsoSettingsPage() {
  const oidc = useOidcSettings();
  const saml = useSamlSettings();
  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Let people sign in with your identity provider, and choose whether passwords still work."
      />
      <Tabs defaultValue="oidc" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="oidc">OIDC</Tabs.Tab>
          <Tabs.Tab value="saml">SAML</Tabs.Tab>
          <Tabs.Tab value="password">Password login</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="oidc">
          <QueryState query={oidc} label="OIDC settings">
            {(settings) => <SsoProviderForm kind="oidc" label="OIDC" fields={OIDC_FIELDS} saved={settings} />}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="saml">
          <QueryState query={saml} label="SAML settings">
            {(settings) => (
              <Stack maw={720}>
                <Paper withBorder p="md">
                  <Text fw={600} mb="xs">
                    For your identity provider
                  </Text>
                  <Text size="sm">
                    ACS URL: <Code>{settings.serviceProvider.acsUrl}</Code>
                  </Text>
                  <Text size="sm">
                    Entity ID (audience): <Code>{settings.serviceProvider.entityId}</Code>
                  </Text>
                  <Text size="sm">
                    Metadata: <Code>{settings.serviceProvider.metadataUrl}</Code>
                  </Text>
                </Paper>
                <SsoProviderForm kind="saml" label="SAML" fields={SAML_FIELDS} saved={settings} />
              </Stack>
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordLogin />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function PasswordLogin() {
  const settings = usePasswordSettings();
  const save = useSaveAuthSettings('simple');
  const error = fieldErrors(save.error);
  return (
    <QueryState query={settings} label="password login settings">
      {({ disabled }) => (
        <Stack maw={720}>
          <Paper withBorder p="md">
            <Switch
              label="Password login"
              description={
                disabled
                  ? 'Off: people sign in with single sign-on only.'
                  : 'On: people can sign in with a password.'
              }
              checked={!disabled}
              disabled={save.isPending}
              error={error.disabled ?? error.form}
              onChange={(event) => {
                const next = !event.currentTarget.checked;
                save.mutate(
                  { disabled: next },
                  { onSuccess: () => notifySuccess(next ? 'Password login is off' : 'Password login is on') },
                );
              }}
            />
          </Paper>
          <Alert color="gray">
            Password login can be turned off only while OIDC or SAML is enabled and at least one admin has an
            email address single sign-on can match, so admins are never locked out. API tokens keep working.
          </Alert>
        </Stack>
      )}
    </QueryState>
  );
}
