import { Alert, Badge, Button, Group, Menu, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { DeliveryLogModal } from './delivery-log-modal.tsx';
import { IntegrationFormModal } from './integration-form-modal.tsx';
import {
  useIntegrationMutations,
  useIntegrations,
  type Integration,
  type Provider,
} from './use-integrations.ts';

/** Integrations: where changes are sent (webhooks, Slack, Teams, Datadog, New Relic) and how each delivery went. */
export function IntegrationsPage() {
  const can = usePermissions().can;
  const integrations = useIntegrations();
  const { remove, sendTest } = useIntegrationMutations();
  const [editing, setEditing] = useState<{ provider: Provider; integration?: Integration } | null>(null);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [logOf, setLogOf] = useState<Integration | null>(null);
  const providers = integrations.data?.providers ?? [];
  const providerOf = (name: string) => providers.find((provider) => provider.name === name);
  return (
    <>
      <PageHeader
        title="Integrations"
        description="Send every change you choose to a webhook, Slack, Microsoft Teams, Datadog or New Relic. Deliveries are retried and logged."
        actions={
          can('CREATE_ADDON') && (
            <Menu>
              <Menu.Target>
                <Button disabled={!providers.length}>New integration</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {providers.map((provider) => (
                  <Menu.Item key={provider.name} onClick={() => setEditing({ provider })}>
                    <Text size="sm">
                      {provider.displayName}
                      {provider.deprecated ? ' (deprecated)' : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {provider.deprecated ?? provider.description}
                    </Text>
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        }
      />
      <QueryState
        query={integrations}
        label="integrations"
        isEmpty={(data) => data.addons.length === 0}
        empty={<EmptyState>No integrations yet.</EmptyState>}
      >
        {(data) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Integration</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.addons.map((integration) => {
                const provider = providerOf(integration.provider);
                return (
                  <Table.Tr key={integration.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {provider?.displayName ?? integration.provider}
                      </Text>
                      {integration.description && (
                        <Text size="xs" c="dimmed">
                          {integration.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{integration.events.join(', ')}</Text>
                      <Text size="xs" c="dimmed">
                        {integration.projects.length ? integration.projects.join(', ') : 'every project'} ·{' '}
                        {integration.environments.length
                          ? integration.environments.join(', ')
                          : 'every environment'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={integration.enabled ? 'green' : 'gray'}>
                        {integration.enabled ? 'Enabled' : 'Disabled'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {can('ADMIN') && (
                          <Button size="xs" variant="default" onClick={() => setLogOf(integration)}>
                            Delivery log
                          </Button>
                        )}
                        {can('UPDATE_ADDON') && (
                          <Button
                            size="xs"
                            variant="default"
                            loading={sendTest.isPending && sendTest.variables === integration.id}
                            onClick={() =>
                              sendTest.mutate(integration.id, {
                                onSuccess: (outcome) =>
                                  outcome.state === 'failed'
                                    ? notifyError(new Error(outcome.stateDetails), 'deliver the test event')
                                    : notifySuccess(`Test event: ${outcome.stateDetails}`),
                                onError: (error) => notifyError(error, 'send the test event'),
                              })
                            }
                          >
                            Send test event
                          </Button>
                        )}
                        {can('UPDATE_ADDON') && provider && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing({ provider, integration })}
                          >
                            Edit
                          </Button>
                        )}
                        {can('DELETE_ADDON') && (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setDeleting(integration)}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {!can('CREATE_ADDON') && (
        <Alert color="gray" mt="md">
          You can see the integrations; changing them needs the integration permissions.
        </Alert>
      )}
      {editing && (
        <IntegrationFormModal
          provider={editing.provider}
          integration={editing.integration}
          onClose={() => setEditing(null)}
        />
      )}
      {logOf && <DeliveryLogModal integration={logOf} onClose={() => setLogOf(null)} />}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete this integration?"
          confirmLabel="Delete integration"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifySuccess('Integration deleted');
                setDeleting(null);
              },
              onError: (error) => notifyError(error, 'delete the integration'),
            })
          }
        >
          <Text size="sm">
            Its pending deliveries and its delivery log are deleted with it. To pause it, disable it instead.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
