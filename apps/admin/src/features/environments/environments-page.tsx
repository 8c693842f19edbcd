import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { CloneEnvironmentModal } from './clone-environment-modal.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useEnvironmentMutations, useEnvironments } from './use-environments.ts';

export function EnvironmentsPage() {
  const environments = useEnvironments();
  const isAdmin = usePermissions().can('ADMIN');
  const m = useEnvironmentMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const [cloning, setCloning] = useState<Environment | null>(null);
  const move = (list: Environment[], from: number, to: number) => {
    const names = list.map((e) => e.name);
    const [moved] = names.splice(from, 1);
    names.splice(to, 0, moved!);
    m.reorder.mutate(Object.fromEntries(names.map((n, i) => [n, (i + 1) * 100])), {
      onError: (e) => notifyError(e, 'reorder the environments'),
    });
  };
  return (
    <>
      <PageHeader
        title="Environments"
        description="Where flags are configured separately, in this order everywhere in the UI."
        actions={isAdmin && <Button onClick={() => setCreating(true)}>New environment</Button>}
      />
      <QueryState query={environments} label="environments">
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Enabled</Table.Th>
                {isAdmin && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((env, index) => (
                <Table.Tr key={env.name}>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={!isAdmin || index === 0}
                        aria-label={`Move ${env.name} up`}
                        onClick={() => move(list, index, index - 1)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={!isAdmin || index === list.length - 1}
                        aria-label={`Move ${env.name} down`}
                        onClick={() => move(list, index, index + 1)}
                      >
                        ↓
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500}>{env.name}</Text>
                      {env.protected && <Badge size="xs">protected</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{env.type}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${env.name} enabled`}
                      checked={env.enabled}
                      disabled={!isAdmin || env.protected}
                      onChange={(e) =>
                        m.setEnabled.mutate(
                          { name: env.name, enabled: e.currentTarget.checked },
                          { onError: (err) => notifyError(err, 'change the environment') },
                        )
                      }
                    />
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setCloning(env)}>
                          Clone
                        </Button>
                        {!env.protected && (
                          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(env)}>
                            Delete
                          </Button>
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
      {creating && <CreateEnvironmentModal onClose={() => setCreating(false)} />}
      {cloning && <CloneEnvironmentModal source={cloning} onClose={() => setCloning(null)} />}
      {deleting && (
        <ConfirmModal
          opened
          title={`Delete environment ${deleting.name}?`}
          confirmLabel="Delete environment"
          typeToConfirm={deleting.name}
          loading={m.remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            m.remove.mutate(deleting.name, {
              onSuccess: () => {
                notifySuccess(`Deleted ${deleting.name}`);
                setDeleting(null);
              },
              onError: (e) => notifyError(e, 'delete the environment'),
            })
          }
        >
          <Text size="sm">
            Every flag loses its strategies and variants in {deleting.name}
            {deleting.apiTokenCount ? `, and ${deleting.apiTokenCount} API token(s) for it stop working` : ''}
            .
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}

function CreateEnvironmentModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState('development');
  const [tried, setTried] = useState(false);
  const { save } = useEnvironmentMutations();
  const errors = fieldErrors(save.error);
  const problem = !/^[A-Za-z0-9_.~-]+$/.test(name) ? 'Letters, digits and . _ ~ - only' : undefined;
  return (
    <Modal opened onClose={onClose} title="New environment">
      <Stack>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Name"
          value={name}
          error={(tried ? problem : undefined) ?? errorFor(errors, 'name')}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Type"
          data={['development', 'test', 'preproduction', 'production']}
          value={type}
          allowDeselect={false}
          onChange={(t) => setType(t ?? 'development')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={save.isPending}
            onClick={() => {
              setTried(true);
              if (problem) return;
              save.mutate({ name, type, existing: false }, { onSuccess: () => onClose() });
            }}
          >
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
