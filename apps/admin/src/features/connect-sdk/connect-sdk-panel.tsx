import { Alert, Button, Code, CopyButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { SDK_LANGUAGES, sdkApiUrl, sdkSnippet, tokenTypeFor } from '@switchyard/rules';
import { useState } from 'react';
import { serverPath } from '../../api/base-path.ts';
import { notifyError } from '../../ui/notify.ts';
import { useProjectApiTokenMutations } from '../api-tokens/use-project-api-tokens.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { ConnectionStatus } from './connection-status.tsx';

export type KnownToken = { type: string; environment: string; secret: string };

const TOKEN_PLACEHOLDER = '<your token>';

/**
 * "Connect your app": pick a language and an environment, get a token for them, copy a first program that
 * uses them, and see the SDK report in. Tokens made here are project tokens; their secret is shown this once.
 */
export function ConnectSdkPanel({
  projectId,
  environments,
  flagName = 'my-flag',
  initialToken,
}: {
  projectId: string;
  environments: string[];
  flagName?: string;
  initialToken?: KnownToken;
}) {
  const [languageId, setLanguageId] = useState(initialToken?.type === 'frontend' ? 'browser' : 'node');
  const [environment, setEnvironment] = useState(
    initialToken?.environment ?? environments.find((e) => e === 'development') ?? environments[0] ?? '',
  );
  const [appName, setAppName] = useState(`${projectId}-app`);
  const [tokens, setTokens] = useState<KnownToken[]>(initialToken ? [initialToken] : []);
  const { can } = usePermissions();
  const { create } = useProjectApiTokenMutations(projectId);
  const language = SDK_LANGUAGES.find((l) => l.id === languageId) ?? SDK_LANGUAGES[0]!;
  const type = tokenTypeFor(language.side);
  const token = tokens.find((t) => t.type === type && t.environment === environment);
  const serverUrl = `${window.location.origin}${serverPath('')}`;
  const values = { serverUrl, token: token?.secret ?? TOKEN_PLACEHOLDER, appName, flagName };
  const snippet = sdkSnippet(language.id, values) ?? '';
  const mayCreate = can('CREATE_PROJECT_API_TOKEN', { project: projectId });

  const createToken = () =>
    create.mutate(
      { tokenName: appName.trim() || `${projectId}-app`, type, environment },
      {
        onSuccess: (created) => setTokens((list) => [...list, { type, environment, secret: created.secret }]),
        onError: (error) => notifyError(error, 'create the token'),
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">
        Three steps: choose how your app is written, get a token, and run the program below. This screen says
        “connected” as soon as the SDK reports to this server.
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Language"
          data={SDK_LANGUAGES.map((l) => ({ value: l.id, label: l.label }))}
          value={language.id}
          onChange={(value) => setLanguageId(value ?? 'node')}
          allowDeselect={false}
          miw={160}
        />
        <Select
          label="Environment"
          data={environments}
          value={environment}
          onChange={(value) => setEnvironment(value ?? environment)}
          allowDeselect={false}
          miw={160}
        />
        <TextInput
          label="Application name"
          description="The SDK reports under this name"
          value={appName}
          onChange={(e) => setAppName(e.currentTarget.value)}
          miw={160}
        />
      </Group>
      <section aria-labelledby="connect-token">
        <Title id="connect-token" order={3} size="h5" mb={4}>
          {language.side === 'frontend' ? 'Frontend token' : 'Server SDK token'} for {environment}
        </Title>
        {token ? (
          <Text size="sm">
            Created. Copy it now: it is shown only here, and the snippet below already has it.
          </Text>
        ) : mayCreate ? (
          <Button onClick={createToken} loading={create.isPending} disabled={!environment}>
            Create a {language.side === 'frontend' ? 'frontend' : 'server SDK'} token
          </Button>
        ) : (
          <Alert color="gray">
            You may not create API tokens in this project. Ask a project Owner or an Admin for a{' '}
            {type === 'client' ? 'server SDK' : 'frontend'} token for {environment}, and put it where the
            snippet says {TOKEN_PLACEHOLDER}.
          </Alert>
        )}
      </section>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
        <Text component="dt" size="sm" fw={600}>
          API URL
        </Text>
        <Text component="dd" size="sm" ff="monospace" m={0} data-testid="connect-url">
          {sdkApiUrl(language.side, serverUrl)}
        </Text>
        <Text component="dt" size="sm" fw={600}>
          Token
        </Text>
        <Text
          component="dd"
          size="sm"
          ff="monospace"
          m={0}
          data-testid="connect-token"
          style={{ wordBreak: 'break-all' }}
        >
          {values.token}
        </Text>
      </dl>
      <section aria-labelledby="connect-snippet">
        <Title id="connect-snippet" order={3} size="h5" mb={4}>
          {language.label} with {language.sdk}
        </Title>
        <Code block mb="xs" data-testid="connect-install">
          {language.install}
        </Code>
        <Code block data-testid="connect-snippet" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {snippet}
        </Code>
        <Group justify="flex-end" mt="xs">
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy snippet'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </section>
      <ConnectionStatus appName={appName.trim()} />
    </Stack>
  );
}
