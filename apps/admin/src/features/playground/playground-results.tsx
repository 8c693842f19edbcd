import { Badge, Button, Code, Group, List, Stack, Table, Text, TextInput } from '@mantine/core';
import { Fragment, useState } from 'react';
import { describeConstraint } from '../strategies/strategy-summary.ts';
import {
  explainConstraint,
  explainFlag,
  explainStrategy,
  type Outcome,
  type PlaygroundFlag,
  type PlaygroundStrategy,
  type StrategyTitles,
} from './playground-types.ts';
import { useStrategyDefinitions } from '../strategies/use-strategy-definitions.ts';

/** Rows drawn at a time: an instance can have thousands of flags. */
const PAGE = 100;

const outcome = (value: Outcome) => (
  <Badge color={value === true ? 'green' : value === false ? 'gray' : 'yellow'}>
    {value === true ? 'on' : value === false ? 'off' : 'unknown'}
  </Badge>
);

/** A row per flag and a column per environment; a row opens to explain each strategy and constraint. */
export function PlaygroundResults({ results }: { results: Record<string, PlaygroundFlag[]> }) {
  const environments = Object.keys(results);
  const [filter, setFilter] = useState('');
  const [shown, setShown] = useState(PAGE);
  const all = [...new Set(environments.flatMap((env) => results[env]!.map((f) => f.name)))].sort();
  const matching = filter ? all.filter((name) => name.includes(filter)) : all;
  const names = matching.slice(0, shown);
  const [open, setOpen] = useState<string | null>(null);
  const find = (env: string, name: string) => results[env]!.find((f) => f.name === name);
  const definitions = useStrategyDefinitions();
  const titles: StrategyTitles = (strategy) => {
    const definition = definitions.data?.find((d) => d.name === strategy);
    return definition?.title || definition?.displayName || undefined;
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <TextInput
          aria-label="Filter results by flag name"
          placeholder="Filter by flag name"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={260}
        />
        <Text size="sm" c="dimmed">
          {matching.length} flag{matching.length === 1 ? '' : 's'}
        </Text>
      </Group>
      <Table highlightOnHover aria-label="Playground results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Flag</Table.Th>
            {environments.map((env) => (
              <Table.Th key={env}>{env}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((name) => (
            <Fragment key={name}>
              <Table.Tr
                onClick={() => setOpen(open === name ? null : name)}
                style={{ cursor: 'pointer' }}
                data-flag={name}
              >
                <Table.Td>
                  <Text
                    fw={500}
                    component="button"
                    type="button"
                    bg="none"
                    bd="none"
                    p={0}
                    c="inherit"
                    aria-expanded={open === name}
                  >
                    {name}
                  </Text>
                </Table.Td>
                {environments.map((env) => {
                  const flag = find(env, name);
                  return (
                    <Table.Td key={env}>
                      {flag ? (
                        <Group gap={6}>
                          {outcome(flag.isEnabled)}
                          {flag.variant?.enabled && (
                            // Variant names are shown as written: Mantine badges would upper-case them.
                            <Badge variant="outline" tt="none">
                              {flag.variant.name}
                            </Badge>
                          )}
                        </Group>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
              {open === name && (
                <Table.Tr>
                  <Table.Td colSpan={environments.length + 1}>
                    <Stack gap="sm">
                      {environments.map((env) => {
                        const flag = find(env, name);
                        return flag ? (
                          <Explanation key={env} environment={env} flag={flag} titles={titles} />
                        ) : null;
                      })}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {matching.length > shown && (
        <Button variant="default" w="fit-content" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, matching.length - shown)} more of {matching.length - shown}
        </Button>
      )}
    </Stack>
  );
}

function Explanation({
  environment,
  flag,
  titles,
}: {
  environment: string;
  flag: PlaygroundFlag;
  titles: StrategyTitles;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {environment}: {explainFlag(flag, titles)}
      </Text>
      {flag.variant?.enabled && <Text size="sm">Variant: {flag.variant.name}</Text>}
      {flag.variant?.payload && <Code>{flag.variant.payload.value}</Code>}
      <List size="sm" spacing={4}>
        {flag.strategies.data.map((strategy, index) => (
          <List.Item key={strategy.id ?? index}>
            <StrategyExplanation strategy={strategy} titles={titles} />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function StrategyExplanation({ strategy, titles }: { strategy: PlaygroundStrategy; titles: StrategyTitles }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        {outcome(strategy.disabled ? false : strategy.result.enabled)}
        <Text size="sm">{strategy.title || titles(strategy.name) || strategy.name}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {explainStrategy(strategy, titles)}
      </Text>
      {strategy.constraints.map((c, i) => (
        <Text key={i} size="xs" c={c.result ? undefined : 'red.9'}>
          {explainConstraint(c, describeConstraint)}
        </Text>
      ))}
      {strategy.segments.map((s) => (
        <Text key={s.id} size="xs" c={s.result ? undefined : 'red.9'}>
          {s.result ? '✓' : '✗'} segment {s.name}
          {s.constraints.length ? `: ${s.constraints.map(describeConstraint).join(' and ')}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
