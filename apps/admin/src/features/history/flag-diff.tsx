import { Code, SimpleGrid, Stack, Text } from '@mantine/core';

type Feature = Record<string, unknown>;

const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value, null, 2));

/** A flag's changed parts between two instants, each as it was then and as it is at the later one. */
export function FlagDiff({
  name,
  before,
  after,
  parts,
}: {
  name: string;
  before: Feature | undefined;
  after: Feature | undefined;
  parts: string[];
}) {
  // An added or removed flag differs as a whole.
  const shown = parts.length ? parts : [undefined];
  return (
    <Stack gap="xs" aria-label={`Changes of ${name}`}>
      {shown.map((part) => (
        <Stack key={part ?? 'whole'} gap={4}>
          <Text size="sm" fw={500}>
            {part ?? 'the flag'}
          </Text>
          <SimpleGrid cols={2}>
            <Code block aria-label={`${part ?? name} before`}>
              {show(part ? before?.[part] : before)}
            </Code>
            <Code block aria-label={`${part ?? name} after`}>
              {show(part ? after?.[part] : after)}
            </Code>
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
