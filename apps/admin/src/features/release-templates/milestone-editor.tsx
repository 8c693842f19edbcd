import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES, strategyDisplayName } from '@switchyard/rules';
import type { Segment } from '../../api/wire.ts';
import { summarizeStrategy } from '../strategies/strategy-summary.ts';
import { problemsUnder, type MilestoneDraft } from './release-template-model.ts';

type Props = {
  milestone: MilestoneDraft;
  index: number;
  count: number;
  segments: Segment[];
  /** Keyed relative to the milestone: `name`, `strategies.0.parameters.rollout`. */
  problems: Record<string, string>;
  readOnly: boolean;
  onChange: (milestone: MilestoneDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onEditStrategy: (strategy: number | 'new') => void;
};

/** One milestone of a release template: its name, when the next one follows, and the strategies it puts on. */
export function MilestoneEditor({ milestone, index, count, segments, problems, readOnly, ...on }: Props) {
  const label = milestone.name.trim() || `Milestone ${index + 1}`;
  const isLast = index === count - 1;
  return (
    <Paper withBorder p="md" component="section" aria-label={`Milestone ${index + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h5">
            {index + 1}. {label}
          </Title>
          {!readOnly && (
            <Group gap={4}>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${label} up`}
                disabled={index === 0}
                onClick={() => on.onMove(index - 1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${label} down`}
                disabled={isLast}
                onClick={() => on.onMove(index + 1)}
              >
                ↓
              </ActionIcon>
              <Button size="xs" variant="subtle" color="red" onClick={on.onRemove}>
                Remove milestone
              </Button>
            </Group>
          )}
        </Group>
        <Group align="flex-start" grow>
          <TextInput
            label="Milestone name"
            required
            value={milestone.name}
            readOnly={readOnly}
            error={problems.name}
            onChange={(e) => on.onChange({ ...milestone, name: e.currentTarget.value })}
          />
          <NumberInput
            label="Next milestone starts after (minutes)"
            description={isLast ? 'The last milestone has no next one' : 'Empty: only when started by hand'}
            min={MIN_INTERVAL_MINUTES}
            max={MAX_INTERVAL_MINUTES}
            allowDecimal={false}
            value={milestone.intervalMinutes}
            readOnly={readOnly}
            disabled={isLast && milestone.intervalMinutes === ''}
            error={problems.transitionCondition}
            onChange={(value) =>
              on.onChange({ ...milestone, intervalMinutes: typeof value === 'number' ? value : '' })
            }
          />
        </Group>
        <Stack gap="xs" role="list" aria-label={`Strategies of ${label}`}>
          {milestone.strategies.length === 0 && (
            <Text size="sm" c="dimmed">
              No strategies: while this milestone is active, the flag is on for everyone in the environment.
            </Text>
          )}
          {milestone.strategies.map((strategy, s) => {
            const problem = Object.keys(problemsUnder(problems, `strategies.${s}`)).length > 0;
            return (
              <Paper key={s} withBorder p="xs" role="listitem">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {strategy.title || strategyDisplayName(strategy.name)}
                    </Text>
                    <Text size="sm">{summarizeStrategy(strategy, segments)}</Text>
                    {problem && (
                      <Text size="sm" c="red">
                        This strategy has problems: edit it to see them.
                      </Text>
                    )}
                  </Stack>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => on.onEditStrategy(s)}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove strategy ${s + 1} of ${label}`}
                        onClick={() =>
                          on.onChange({
                            ...milestone,
                            strategies: milestone.strategies.filter((_, other) => other !== s),
                          })
                        }
                      >
                        Remove
                      </Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {!readOnly && (
          <Group>
            <Button size="xs" variant="light" onClick={() => on.onEditStrategy('new')}>
              Add strategy
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
