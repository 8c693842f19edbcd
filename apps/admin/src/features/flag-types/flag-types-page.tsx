import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { FlagType } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePermissions } from '../session/use-permissions.ts';
import { useFlagTypes, useUpdateLifetime } from './use-flag-types.ts';

/** Flag types and their expected lifetime, after which a flag counts as potentially stale. */
export function FlagTypesPage() {
  const types = useFlagTypes();
  const isAdmin = usePermissions().can('ADMIN');
  return (
    <>
      <PageHeader
        title="Flag types"
        description="A flag older than its type's lifetime is reported as potentially stale."
      />
      <QueryState query={types} label="flag types">
        {(list) => (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Expected lifetime</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>
                    <Text fw={500}>{type.name}</Text>
                    <Text size="xs" c="dimmed">
                      {type.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {isAdmin ? (
                      <LifetimeEditor type={type} />
                    ) : type.lifetimeDays ? (
                      `${type.lifetimeDays} days`
                    ) : (
                      'never expires'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </>
  );
}

function LifetimeEditor({ type }: { type: FlagType }) {
  const [days, setDays] = useState<number | string>(type.lifetimeDays ?? '');
  const update = useUpdateLifetime();
  return (
    <Group gap="xs">
      <NumberInput
        aria-label={`${type.name} lifetime in days`}
        placeholder="never"
        min={0}
        allowDecimal={false}
        w={110}
        size="xs"
        value={days}
        onChange={setDays}
        suffix=" days"
      />
      <Button
        size="xs"
        variant="default"
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { id: type.id, lifetimeDays: days === '' ? null : Number(days) },
            {
              onSuccess: () => notifySuccess(`Saved ${type.name}`),
              onError: (e) => notifyError(e, 'save the lifetime'),
            },
          )
        }
      >
        Save
      </Button>
    </Group>
  );
}
