import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { StrategyDefinition } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { StrategyDefinitionModal } from './strategy-definition-modal.tsx';
import { useStrategyDefinitionMutations, useStrategyDefinitions } from './use-strategy-definitions.ts';

export function StrategyDefinitionsPage() {
  const definitions = useStrategyDefinitions();
  const canEdit = usePermissions().can('UPDATE_STRATEGY');
  const { remove, setDeprecated } = useStrategyDefinitionMutations();
  const [editing, setEditing] = useState<StrategyDefinition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StrategyDefinition | null>(null);
  return (
    <>
      <PageHeader
        title="Strategies"
        description="Built-in activation strategies, and custom ones your SDKs implement."
        actions={canEdit && <Button onClick={() => setEditing('new')}>New custom strategy</Button>}
      />
      <QueryState query={definitions} label="strategies">
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Strategy</Table.Th>
                <Table.Th>Parameters</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((d) => (
                <Table.Tr key={d.name}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500}>{d.title || d.displayName || d.name}</Text>
                      <Text size="xs" c="dimmed">
                        {d.name}
                      </Text>
                      {d.editable === false && <Badge size="xs">built-in</Badge>}
                      {d.deprecated && (
                        <Badge size="xs" color="gray">
                          deprecated
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {d.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {d.parameters
                        .map((p) => `${p.name} (${p.type}${p.required ? ', required' : ''})`)
                        .join(', ') || '–'}
                    </Text>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() =>
                            setDeprecated.mutate(
                              { name: d.name, deprecated: !d.deprecated },
                              { onError: (e) => notifyError(e, 'change the strategy') },
                            )
                          }
                        >
                          {d.deprecated ? 'Reactivate' : 'Deprecate'}
                        </Button>
                        {d.editable !== false && (
                          <>
                            <Button size="xs" variant="default" onClick={() => setEditing(d)}>
                              Edit
                            </Button>
                            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(d)}>
                              Delete
                            </Button>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <StrategyDefinitionModal
          definition={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete strategy ${deleting.name}?`}
          confirmLabel="Delete"
          loading={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.name, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                setDeleting(null);
              },
              onError: (e) => notifyError(e, 'delete the strategy'),
            })
          }
        >
          <Text size="sm">Its definition is lost; flags that still use it will need another strategy.</Text>
        </ConfirmModal>
      )}
    </>
  );
}
