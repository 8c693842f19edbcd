import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ContextField } from '../../api/wire.ts';
import type { PlaygroundContext } from './playground-types.ts';

const STANDARD = ['appName', 'userId', 'sessionId', 'remoteAddress', 'currentTime'] as const;

/** The context to evaluate with: the standard fields and any custom properties. */
export function PlaygroundContextEditor({
  context,
  contextFields,
  onChange,
}: {
  context: PlaygroundContext;
  contextFields: ContextField[];
  onChange: (context: PlaygroundContext) => void;
}) {
  const customNames = contextFields
    .map((f) => f.name)
    .filter((n) => !(STANDARD as readonly string[]).includes(n) && n !== 'environment');
  const setProperty = (index: number, patch: Partial<{ name: string; value: string }>) =>
    onChange({
      ...context,
      properties: context.properties.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STANDARD.map((key) => (
          <TextInput
            key={key}
            label={key}
            placeholder={key === 'currentTime' ? '2025-01-01T12:00:00Z (default: now)' : undefined}
            value={context[key]}
            onChange={(e) => onChange({ ...context, [key]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={500}>
        Properties
      </Text>
      {context.properties.map((property, index) => (
        <Group key={index} align="flex-end" grow>
          <Select
            label={`Property ${index + 1} name`}
            data={[...new Set([...customNames, property.name].filter(Boolean))]}
            value={property.name || null}
            searchable
            onChange={(name) => setProperty(index, { name: name ?? '' })}
          />
          <TextInput
            label={`Property ${index + 1} value`}
            value={property.value}
            onChange={(e) => setProperty(index, { value: e.currentTarget.value })}
          />
          <Button
            variant="subtle"
            color="red"
            maw={100}
            onClick={() =>
              onChange({ ...context, properties: context.properties.filter((_, i) => i !== index) })
            }
          >
            Remove
          </Button>
        </Group>
      ))}
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        onClick={() => onChange({ ...context, properties: [...context.properties, { name: '', value: '' }] })}
      >
        Add property
      </Button>
    </Stack>
  );
}
