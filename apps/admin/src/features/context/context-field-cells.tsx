import { Badge, Group, Table, Text } from '@mantine/core';
import type { ContextField } from '../../api/wire.ts';

/** A context field's name with its description, and its legal values: the first two cells of a row of fields. */
export function ContextFieldCells({ field }: { field: ContextField }) {
  return (
    <>
      <Table.Td>
        <Text fw={500}>{field.name}</Text>
        <Text size="xs" c="dimmed">
          {field.description}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {(field.legalValues ?? []).map((v) => (
            <Badge key={v.value} size="sm">
              {v.value}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </>
  );
}
