import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { ApiToken } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { ConnectSdkModal } from '../connect-sdk/connect-sdk-modal.tsx';
import { useEnvironments } from '../environments/use-environments.ts';
import { useProjects } from '../projects/use-projects.ts';
import { useApiTokenMutations, type ApiTokenInput } from './use-api-tokens.ts';

/** Creates a token and shows its secret once, with a copy button; it cannot be shown again. */
export function CreateApiTokenModal({ onClose }: { onClose: () => void }) {
  const [draft, setDraft] = useState<ApiTokenInput>({
    tokenName: '',
    type: 'client',
    environment: 'development',
    projects: ['*'],
  });
  const [expires, setExpires] = useState('');
  const [tried, setTried] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [connecting, setConnecting] = useState(false);
  const environments = useEnvironments();
  const projects = useProjects();
  const { create } = useApiTokenMutations();
  const errors = fieldErrors(create.error);
  const problems = {
    tokenName: draft.tokenName.trim() ? undefined : 'A name is required',
    projects: draft.projects.length ? undefined : 'Choose at least one project, or all',
    expiresAt: expires && Date.parse(expires) <= Date.now() ? 'Pick a time in the future' : undefined,
  };
  const submit = () => {
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    const admin = draft.type === 'admin';
    create.mutate(
      {
        ...draft,
        tokenName: draft.tokenName.trim(),
        environment: admin ? '*' : draft.environment,
        projects: admin ? ['*'] : draft.projects,
        expiresAt: expires ? new Date(expires).toISOString() : undefined,
      },
      { onSuccess: setCreated },
    );
  };
  // An SDK token can go straight into the "Connect your app" panel, of its project (or Default, for all projects).
  const connectProject =
    created && created.type !== 'admin'
      ? (created.projects.find((p) => p !== '*') ?? projects.data?.find((p) => p.id === 'default')?.id)
      : undefined;
  if (created && connecting && connectProject)
    return <ConnectSdkModal projectId={connectProject} initialToken={created} onClose={onClose} />;
  if (created)
    return (
      // A stray click beside the dialog must not throw away a secret that cannot be shown again.
      <Modal opened onClose={onClose} title="Token created" closeOnClickOutside={false} size="lg">
        <TokenSecret
          description={created.tokenName}
          secret={created.secret}
          actions={
            <>
              {connectProject && (
                <Button variant="default" onClick={() => setConnecting(true)}>
                  Connect your app with it
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                Done
              </Button>
            </>
          }
        />
      </Modal>
    );
  const projectOptions = [
    { value: '*', label: 'All projects' },
    ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];
  return (
    <Modal opened onClose={onClose} title="New API token">
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          description="What uses this token"
          value={draft.tokenName}
          error={(tried ? problems.tokenName : undefined) ?? errorFor(errors, 'tokenName')}
          onChange={(e) => {
            const tokenName = e.currentTarget.value;
            setDraft((d) => ({ ...d, tokenName }));
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Type
          </Text>
          <SegmentedControl
            aria-label="Token type"
            value={draft.type}
            onChange={(type) => setDraft((d) => ({ ...d, type: type as ApiTokenInput['type'] }))}
            data={[
              { value: 'client', label: 'Backend SDK' },
              { value: 'frontend', label: 'Frontend SDK' },
              { value: 'admin', label: 'Admin' },
            ]}
          />
          {errorFor(errors, 'type') && (
            <Text c="red" size="xs">
              {errorFor(errors, 'type')}
            </Text>
          )}
        </div>
        {draft.type !== 'admin' && (
          <>
            <MultiSelect
              label="Projects"
              data={projectOptions}
              value={draft.projects}
              error={(tried ? problems.projects : undefined) ?? errorFor(errors, 'projects')}
              onChange={(value) =>
                setDraft((d) => ({
                  ...d,
                  projects:
                    value.includes('*') && !d.projects.includes('*') ? ['*'] : value.filter((v) => v !== '*'),
                }))
              }
            />
            <Select
              label="Environment"
              data={(environments.data ?? []).map((e) => e.name)}
              value={draft.environment}
              allowDeselect={false}
              error={errorFor(errors, 'environment')}
              onChange={(environment) =>
                setDraft((d) => ({ ...d, environment: environment ?? d.environment }))
              }
            />
          </>
        )}
        <TextInput
          type="datetime-local"
          label="Expires (optional)"
          value={expires}
          error={(tried ? problems.expiresAt : undefined) ?? errorFor(errors, 'expiresAt')}
          onChange={(e) => setExpires(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            Create token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
