import { Badge, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Segment, StrategyDraft } from '../../api/wire.ts';
import { previewStrategy, SAMPLE_USER_IDS } from './preview-strategy.ts';

export type StrategyPreviewProps = { strategy: StrategyDraft; flagName: string; segments: Segment[] };

/** Who gets the flag from the strategy as it is being edited, for a few sample users, computed in the browser. */
export function StrategyPreview({ strategy, flagName, segments }: StrategyPreviewProps) {
  const [userIds, setUserIds] = useState(SAMPLE_USER_IDS);
  const [context, setContext] = useState<Record<string, string>>({});
  const fields = [...new Set(strategy.constraints.map((c) => c.contextName))].filter(
    (name) => name && name !== 'userId',
  );
  const shared = Object.fromEntries(fields.flatMap((name) => (context[name] ? [[name, context[name]]] : [])));
  const results = previewStrategy(strategy, flagName, segments, userIds, shared);
  const on = results.filter((r) => r.enabled).length;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} aria-live="polite" data-testid="strategy-preview-count">
        {on} of {results.length} sample users get the flag
      </Text>
      <TagsInput
        label="Sample user ids"
        value={userIds}
        onChange={setUserIds}
        acceptValueOnBlur
        splitChars={[',', ' ']}
      />
      {fields.map((name) => (
        <TextInput
          key={name}
          label={`${name} for every sample`}
          value={context[name] ?? ''}
          onChange={(e) => setContext({ ...context, [name]: e.currentTarget.value })}
        />
      ))}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sample users">
        {results.map((result) => (
          <Group key={result.userId} component="li" gap="xs" wrap="nowrap" aria-label={result.userId}>
            <Badge color={result.enabled ? 'green' : 'gray'} variant="light" w={48}>
              {result.enabled ? 'On' : 'Off'}
            </Badge>
            <Text size="sm" ff="monospace">
              {result.userId}
            </Text>
            <Text size="sm" c="dimmed">
              {result.reason}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
