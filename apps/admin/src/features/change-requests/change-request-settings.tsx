import { Button, NumberInput, Paper, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { QueryState } from '../../ui/query-state.tsx';
import type { ChangeRequestEnvironmentConfig } from './change-request-types.ts';
import { useChangeRequestConfig, useUpdateChangeRequestConfig } from './use-change-requests.ts';

/** Per environment of the project: whether edits need a change request, and how many approvals one needs. */
export function ChangeRequestSettings({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const config = useChangeRequestConfig(projectId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="change-request-settings">
      <Title order={2} size="h4" id="change-request-settings" mb="xs">
        Change request settings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Where change requests are on, every change to a flag is drafted, reviewed and approved before it is
        applied.
      </Text>
      <QueryState query={config} label="change request settings">
        {(environments) => (
          <Table aria-label="Change request settings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Environment</Table.Th>
                <Table.Th>Change requests</Table.Th>
                <Table.Th>Required approvals</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {environments.map((env) => (
                <SettingsRow
                  key={`${env.environment}:${env.changeRequestEnabled}:${env.requiredApprovals}`}
                  projectId={projectId}
                  env={env}
                  canEdit={canEdit}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Paper>
  );
}

function SettingsRow({
  projectId,
  env,
  canEdit,
}: {
  projectId: string;
  env: ChangeRequestEnvironmentConfig;
  canEdit: boolean;
}) {
  const update = useUpdateChangeRequestConfig(projectId);
  const [enabled, setEnabled] = useState(env.changeRequestEnabled);
  const [approvals, setApprovals] = useState<number>(env.requiredApprovals ?? 1);
  const valid = Number.isInteger(approvals) && approvals >= 1 && approvals <= 10;
  const dirty =
    enabled !== env.changeRequestEnabled || (enabled && approvals !== (env.requiredApprovals ?? 1));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {env.environment}
        </Text>
        <Text size="xs" c="dimmed">
          {env.type}
        </Text>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Change requests in ${env.environment}`}
          checked={enabled}
          disabled={!canEdit}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`Required approvals in ${env.environment}`}
          min={1}
          max={10}
          step={1}
          allowDecimal={false}
          w={100}
          value={approvals}
          disabled={!canEdit || !enabled}
          error={valid ? undefined : 'From 1 to 10'}
          onChange={(value) => setApprovals(typeof value === 'number' ? value : Number(value))}
        />
      </Table.Td>
      <Table.Td>
        {canEdit && (
          <Button
            size="xs"
            disabled={!dirty || !valid}
            loading={update.isPending}
            aria-label={`Save change request settings of ${env.environment}`}
            onClick={() =>
              update.mutate(
                { environment: env.environment, enabled, requiredApprovals: approvals },
                {
                  onSuccess: () =>
                    notifySuccess(
                      enabled
                        ? `Change requests on in ${env.environment}, ${approvals} approval${approvals === 1 ? '' : 's'} required`
                        : `Change requests off in ${env.environment}`,
                    ),
                  onError: (error) => notifyError(error, `save the settings of ${env.environment}`),
                },
              )
            }
          >
            Save
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
