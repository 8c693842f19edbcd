import { Table, Text } from '@mantine/core';
import type { Segment } from '../../api/wire.ts';
import { describeConstraint } from '../strategies/strategy-summary.ts';

/** A segment's name with its description, and its constraints in words: the first two cells of a row of segments. */
export function SegmentCells({ segment }: { segment: Segment }) {
  return (
    <>
      <Table.Td>
        <Text fw={500}>{segment.name}</Text>
        {segment.description && (
          <Text size="xs" c="dimmed">
            {segment.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{segment.constraints.map(describeConstraint).join(' and ') || 'none'}</Text>
      </Table.Td>
    </>
  );
}
