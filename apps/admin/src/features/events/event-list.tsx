import { Accordion, Badge, Code, Group, Text } from '@mantine/core';
import type { Event } from '../../api/wire.ts';

/** Events newest first; each opens to show what changed. */
export function EventList({ events }: { events: Event[] }) {
  return (
    <Accordion variant="separated" chevronPosition="left">
      {events.map((event) => (
        <Accordion.Item key={event.id} value={String(event.id)}>
          <Accordion.Control>
            <Group gap="sm" wrap="nowrap">
              <Badge tt="none">{event.type}</Badge>
              <Text size="sm" truncate>
                {[event.featureName, event.environment, event.project].filter(Boolean).join(' · ')}
              </Text>
              <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                {event.createdBy} · {new Date(event.createdAt).toLocaleString()}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {event.preData != null && (
              <>
                <Text size="xs" fw={600}>
                  Before
                </Text>
                <Code block>{JSON.stringify(event.preData, null, 2)}</Code>
              </>
            )}
            <Text size="xs" fw={600} mt="xs">
              {event.preData != null ? 'After' : 'Data'}
            </Text>
            <Code block>{JSON.stringify(event.data ?? null, null, 2)}</Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
